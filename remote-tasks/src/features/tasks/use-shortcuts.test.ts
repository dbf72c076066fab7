import { afterEach, describe, expect, it } from '@rstest/core';
import { isTypingTarget, shortcutFor } from './use-shortcuts';

const keys = { n: 'new', '/': 'search' };

function press(target: HTMLElement, key: string, init: KeyboardEventInit = {}) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return shortcutFor(event, keys);
}

const make = (html: string) => {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shortcuts', () => {
  it('fire from the page, a button or a checkbox', () => {
    expect(press(document.body, 'n')).toBe('new');
    expect(press(make('<button>x</button>'), '/')).toBe('search');
    expect(press(make('<input type="checkbox">'), 'n')).toBe('new');
  });

  it('never fire while typing in a field', () => {
    for (const html of [
      '<input>',
      '<input type="search">',
      '<input type="date">',
      '<textarea></textarea>',
      '<select><option>a</option></select>',
      '<div contenteditable="true"></div>',
    ]) {
      const element = make(html);
      expect(isTypingTarget(element)).toBe(element.tagName !== 'DIV' || element.isContentEditable);
      expect(press(element, 'n')).toBeUndefined();
    }
  });

  it('stay with the page, not a dialog open over it', () => {
    const dialog = make('<dialog open><button>Close</button></dialog>');
    expect(press(dialog.querySelector('button') as HTMLElement, 'n')).toBeUndefined();
  });

  it('leave modified keys to the browser, and ignore other keys', () => {
    expect(press(document.body, 'n', { ctrlKey: true })).toBeUndefined();
    expect(press(document.body, 'n', { metaKey: true })).toBeUndefined();
    expect(press(document.body, 'x')).toBeUndefined();
    expect(press(document.body, 'toString')).toBeUndefined();
  });
});
