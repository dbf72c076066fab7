import { usePaletteStore } from './palette-store';

/**
 * Ctrl-K or ⌘K anywhere opens (or closes) the palette. Listened for from the
 * app's start (startApp), before the first render: a press made while the
 * first page is drawn, or just after, is never lost; the palette opens as
 * soon as it renders. Returns the function that stops listening.
 */
export function startPaletteShortcut(target: Window = window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) {
      return;
    }
    event.preventDefault();
    const { open, setOpen } = usePaletteStore.getState();
    setOpen(!open);
  };
  target.addEventListener('keydown', onKey);
  return () => target.removeEventListener('keydown', onKey);
}
