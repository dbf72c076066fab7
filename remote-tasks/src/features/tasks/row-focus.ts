// j/k move through the list the way Linear and Gmail do: focus goes to a
// row's title button, from which Enter opens the editor and Tab reaches the
// row's other controls. The browser scrolls the focused row into view.

const TITLES = '.task-list .task-row__title';

/**
 * Focuses the next (`1`) or previous (`-1`) task's title. From outside the
 * list, `j` starts at the first task and `k` at the last; at either end the
 * focus stays where it is.
 */
export function focusTaskRow(step: 1 | -1, root: ParentNode = document): void {
  const titles = [...root.querySelectorAll<HTMLElement>(TITLES)];
  if (titles.length === 0) return;
  const active = document.activeElement;
  const current = titles.findIndex((title) => title.closest('.task-row')?.contains(active));
  const next =
    current === -1
      ? step === 1
        ? 0
        : titles.length - 1
      : Math.min(titles.length - 1, Math.max(0, current + step));
  titles[next]?.focus();
}
