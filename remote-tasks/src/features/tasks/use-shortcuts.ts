import { useEffect, useRef } from 'react';

const TEXT_INPUT_TYPES = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** True when a key press there means typing (a text field, a select, editable content). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(target.type || 'text');
  return false;
}

/**
 * True inside a dialog (the label manager): the page's keys stay with the
 * page behind it, and its Ctrl-Z with the page's own changes.
 */
export const inDialog = (target: EventTarget | null): boolean =>
  target instanceof Element && target.closest('dialog') !== null;

/** The handler for a key press, or undefined when it is not a shortcut here and now. */
export function shortcutFor<T>(event: KeyboardEvent, keys: Record<string, T>): T | undefined {
  if (event.defaultPrevented || event.isComposing) return undefined;
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  if (isTypingTarget(event.target) || inDialog(event.target)) return undefined;
  return Object.hasOwn(keys, event.key) ? keys[event.key] : undefined;
}

/**
 * Single-key shortcuts for the page (`n`, `/`, `?`, `j`, `k`). They never fire while
 * the user types in a field or holds a modifier, so they cannot eat text or
 * the browser's own shortcuts.
 */
export function useShortcuts(keys: Record<string, () => void>): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const run = shortcutFor(event, latest.current);
      if (!run) return;
      // Otherwise the "/" or "n" would be typed into the field we just focused.
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
