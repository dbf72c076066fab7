import { afterEach, describe, expect, it } from '@rstest/core';
import { usePaletteStore } from './palette-store';
import { startPaletteShortcut } from './shortcut';

const press = (init: KeyboardEventInit) => {
  const event = new KeyboardEvent('keydown', { key: 'k', cancelable: true, ...init });
  window.dispatchEvent(event);
  return event;
};

let stop: () => void = () => {};
afterEach(() => {
  stop();
  usePaletteStore.getState().setOpen(false);
});

describe('startPaletteShortcut', () => {
  it('opens the palette on the first Ctrl-K, before anything has rendered, and toggles it', () => {
    stop = startPaletteShortcut();
    const first = press({ ctrlKey: true });
    expect(usePaletteStore.getState().open).toBe(true);
    expect(first.defaultPrevented).toBe(true); // not the browser's own Ctrl-K
    press({ metaKey: true, key: 'K' });
    expect(usePaletteStore.getState().open).toBe(false);
  });

  it('leaves other keys and Ctrl-Alt-K alone, and stops when told', () => {
    stop = startPaletteShortcut();
    expect(press({ ctrlKey: true, altKey: true }).defaultPrevented).toBe(false);
    press({ key: 'k' });
    expect(usePaletteStore.getState().open).toBe(false);
    stop();
    press({ ctrlKey: true });
    expect(usePaletteStore.getState().open).toBe(false);
  });
});
