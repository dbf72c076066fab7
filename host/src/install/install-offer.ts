// The browser's offer to install Stride as an app (its `beforeinstallprompt`),
// kept from the page's start so the user menu can show "Install Stride" when,
// and only when, the browser would install it (docs/architecture.md §1, the
// host). Listened for before the async boundary: the event can come first.
// Plain code, no shared singleton (scripts/pre-boundary.test.ts).

/** Chromium's BeforeInstallPromptEvent: not in TypeScript's DOM types. */
export interface InstallOffer extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let offer: InstallOffer | null = null;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallOffer(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the menu, instead of the browser's own mini-bar.
    event.preventDefault();
    offer = event as InstallOffer;
    changed();
  });
  target.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

export const currentInstallOffer = (): InstallOffer | null => offer;

export function subscribeToInstallOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; an offer is good for one prompt, whatever the answer. */
export async function installStride(): Promise<'accepted' | 'dismissed' | null> {
  const current = offer;
  if (!current) return null;
  offer = null;
  changed();
  await current.prompt();
  return (await current.userChoice).outcome;
}
