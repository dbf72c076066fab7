import { type User, useAuthStore } from '@stride/shared';
import { todayIn } from '@stride/shared/calendar-day';
import { LAST_SCREEN, type LastScreen, lastScreenKey } from './offline-policy';
import { save } from './offline-store';

// The page's half of the last screen (docs/architecture.md §11, "The last
// screen"): as the user leaves one of the app's pages, what it shows is
// kept with their other saved data; at the next visit the service worker
// puts it on the first paint (worker/last-screen-html.ts), and `revealApp`
// takes it away once the app has drawn the page itself.

/** What a kept screen leaves out: passing things, and dialogs the screen cannot hold open. */
const OMITTED = `[${LAST_SCREEN.omitAttribute}], dialog, [role="dialog"], [role="alertdialog"], script`;
/** Attributes that would clash with the live page's (ids, labels) or carry what was being typed. */
const DROPPED_ATTRIBUTES = ['id', 'for', 'name', 'autofocus', 'tabindex'];
const TYPED = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

/**
 * Leaves out of `copy` what lies below the first screen of `root` at the
 * top of the page, where the next visit opens: less to parse and lay out
 * before the first paint, and nothing there to see yet. Elements pair up
 * by document order, as `copy` is a clone of `root`.
 */
function belowTheFirstScreen(root: HTMLElement, copy: HTMLElement): Element[] {
  const fold = window.innerHeight * LAST_SCREEN.screensKept;
  if (!(fold > 0)) return [];
  const topOf = (element: Element) => element.getBoundingClientRect().top + window.scrollY;
  const originals = root.querySelectorAll('*');
  const copies = copy.querySelectorAll('*');
  const below: Element[] = [];
  for (let index = 0; index < originals.length && index < LAST_SCREEN.maxElements; index++) {
    const original = originals[index];
    const parent = original?.parentElement;
    if (!original || !parent || topOf(original) < fold) continue;
    // Only the topmost of what lies below: its descendants go with it.
    if (parent !== root && topOf(parent) >= fold) continue;
    const twin = copies[index];
    if (twin) below.push(twin);
  }
  return below;
}

/**
 * The HTML of `root` as a picture: the same look, nothing that acts or
 * clashes, and only its first screen. Checkboxes keep their state (a
 * property, not an attribute); typed text does not, as the page itself does
 * not keep it. `null` when there is nothing to keep or too much.
 */
export function pictureOf(root: HTMLElement): string | null {
  if (root.getElementsByTagName('*').length > LAST_SCREEN.maxElements) return null;
  const copy = root.cloneNode(true) as HTMLElement;
  // Both pair elements by document order: before anything is taken out of the copy.
  const below = belowTheFirstScreen(root, copy);
  const originals = root.querySelectorAll('input');
  copy.querySelectorAll('input').forEach((input, index) => {
    const original = originals[index];
    if (input.type === 'checkbox' || input.type === 'radio') {
      input.toggleAttribute('checked', original?.checked ?? false);
    } else if (TYPED.has(input.getAttribute('type') ?? '')) {
      input.removeAttribute('value');
    }
  });
  for (const element of below) element.remove();
  for (const element of copy.querySelectorAll(OMITTED)) element.remove();
  for (const textarea of copy.querySelectorAll('textarea')) textarea.textContent = '';
  for (const attribute of DROPPED_ATTRIBUTES) {
    for (const element of copy.querySelectorAll(`[${attribute}]`)) {
      element.removeAttribute(attribute);
    }
  }
  const html = copy.innerHTML.trim();
  return html && html.length <= LAST_SCREEN.maxHtmlChars ? html : null;
}

/** The style sheets the page is drawn with, by address (the worker holds most of them). */
function styleSheetsOf(doc: Document): string[] {
  const hrefs: string[] = [];
  // The screen's own sheets are gone by now: they leave with it (revealApp), and no screen is kept while it is up.
  for (const sheet of Array.from(doc.styleSheets).slice(0, LAST_SCREEN.maxStyleSheets)) {
    if (sheet.href) hrefs.push(sheet.href);
  }
  return hrefs;
}

/** The screen on show now, if it is one of the kept pages and its user is signed in. */
export function currentScreen(user: User | null, doc: Document = document): LastScreen | null {
  const { pathname, search } = doc.location;
  const root = doc.getElementById('root');
  if (!user || !root || !LAST_SCREEN.paths.includes(pathname)) return null;
  // Still the last visit's picture: the app never drew, and there is nothing new to keep.
  if (doc.getElementById(LAST_SCREEN.elementId)) return null;
  const html = pictureOf(root);
  if (!html) return null;
  return {
    userId: user.id,
    path: pathname,
    search,
    day: todayIn(user.timezone),
    html,
    theme: doc.documentElement.dataset.theme ?? null,
    styleSheets: styleSheetsOf(doc),
  };
}

/**
 * Keeps the screen each time the page is hidden (the user leaves, closes
 * the tab or switches away): the moment a later visit starts from.
 * Returns the function that stops it.
 */
export function keepLastScreen(): () => void {
  const keep = () => {
    if (document.visibilityState !== 'hidden') return;
    const screen = currentScreen(useAuthStore.getState().user);
    if (screen) void save(lastScreenKey(screen.path), screen).catch(() => {});
  };
  document.addEventListener('visibilitychange', keep);
  return () => document.removeEventListener('visibilitychange', keep);
}

/**
 * Gives the page its web app manifest back, held while the screen painted
 * (worker/last-screen-html.ts): called as the app starts, after that paint.
 */
export function releaseManifest(doc: Document = document): void {
  doc.querySelector(`link[rel="${LAST_SCREEN.heldManifestRel}"]`)?.setAttribute('rel', 'manifest');
}

/** Takes the last visit's screen away: the app's own page is on screen now. */
export function revealApp(doc: Document = document): void {
  doc.getElementById(LAST_SCREEN.elementId)?.remove();
  for (const style of doc.querySelectorAll(`[${LAST_SCREEN.styleAttribute}]`)) style.remove();
}
