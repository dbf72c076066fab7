import { afterEach, describe, expect, it } from '@rstest/core';
import { focusTaskRow } from './row-focus';

function list(count: number) {
  const rows = Array.from(
    { length: count },
    (_, i) =>
      `<li class="task-row"><input type="checkbox" aria-label="Done ${i}"><button class="task-row__title">T${i}</button></li>`,
  ).join('');
  document.body.innerHTML = `<button id="outside">x</button><ul class="task-list">${rows}</ul>`;
}
const focused = () => document.activeElement?.textContent;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusTaskRow', () => {
  it('walks the titles down and up, and stops at either end', () => {
    list(3);
    focusTaskRow(1);
    expect(focused()).toBe('T0');
    focusTaskRow(1);
    focusTaskRow(1);
    focusTaskRow(1);
    expect(focused()).toBe('T2');
    focusTaskRow(-1);
    expect(focused()).toBe('T1');
    focusTaskRow(-1);
    focusTaskRow(-1);
    expect(focused()).toBe('T0');
  });

  it('starts from the row holding the focus, and from outside at the first or last task', () => {
    list(3);
    (document.querySelectorAll('input')[1] as HTMLElement).focus();
    focusTaskRow(1);
    expect(focused()).toBe('T2');
    document.getElementById('outside')?.focus();
    focusTaskRow(-1);
    expect(focused()).toBe('T2');
    document.getElementById('outside')?.focus();
    focusTaskRow(1);
    expect(focused()).toBe('T0');
  });

  it('does nothing when there are no tasks', () => {
    list(0);
    document.getElementById('outside')?.focus();
    focusTaskRow(1);
    expect(document.activeElement?.id).toBe('outside');
  });
});
