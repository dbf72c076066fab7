// Dragging a row to a new place by its handle, with a mouse, a pen or a
// finger (HTML drag and drop has no touch support, and most of Stride's users
// are on a phone). The row follows the pointer, a line marks where it will
// land, the page scrolls when the pointer nears its top or bottom edge, and
// Escape or a cancelled touch puts everything back. Nothing re-renders while
// the pointer moves: the classes and the transform are set on the elements.
import { type PointerEvent as ReactPointerEvent, type RefObject, useCallback } from 'react';

/** How close to the window's edge (px) the pointer scrolls the page, and how fast at most (px a frame). */
const EDGE = 64;
const MAX_SCROLL_STEP = 18;

const DRAG_CLASSES = {
  list: 'is-sorting',
  row: 'is-dragging',
  above: 'drop-above',
  below: 'drop-below',
} as const;

interface DragOptions {
  list: RefObject<HTMLElement | null>;
  /** The rows: direct children of the list matching this. */
  rowSelector: string;
  /** `to` is the row's index in the list once moved. */
  onMove: (from: number, to: number) => void;
}

/** Where a drop lands: `to` in the moved list, and the row the line is drawn on. */
function dropAt(rows: readonly Element[], from: number, y: number) {
  const x = (rows[from] as HTMLElement).getBoundingClientRect().left + 8;
  // The dragged row lets the pointer through (pointer-events: none, tasks.css).
  const under = document
    .elementsFromPoint(x, y)
    .find((el) => el !== rows[from] && rows.includes(el));
  if (!under) return null;
  const index = rows.indexOf(under);
  const rect = under.getBoundingClientRect();
  const above = y < rect.top + rect.height / 2;
  const slot = above ? index : index + 1;
  return { to: slot > from ? slot - 1 : slot, row: under, above };
}

/**
 * Returns the handle's pointer-down handler for the row at `index`. A drag
 * that ends where it began moves nothing.
 */
export function useDragReorder({ list, rowSelector, onMove }: DragOptions) {
  return useCallback(
    (index: number, event: ReactPointerEvent<HTMLElement>) => {
      const root = list.current;
      if (!root || !event.isPrimary || event.button !== 0) return;
      const rows = [...root.children].filter((child) => child.matches(rowSelector));
      const row = rows[index] as HTMLElement | undefined;
      if (!row) return;
      event.preventDefault();
      const handle = event.currentTarget;
      handle.setPointerCapture(event.pointerId);
      const startY = event.clientY;
      const startScroll = window.scrollY;
      let pointerY = startY;
      let drop: ReturnType<typeof dropAt> = null;
      let frame = 0;

      const mark = (next: typeof drop) => {
        drop?.row.classList.remove(DRAG_CLASSES.above, DRAG_CLASSES.below);
        drop = next;
        if (next && next.to !== index) {
          next.row.classList.add(next.above ? DRAG_CLASSES.above : DRAG_CLASSES.below);
        }
      };
      const follow = () => {
        row.style.transform = `translateY(${pointerY - startY + window.scrollY - startScroll}px)`;
        // Over a border or past either end, the last place found stands.
        mark(dropAt(rows, index, pointerY) ?? drop);
      };
      // Near an edge the page scrolls on every frame, the row along with it.
      const scroll = () => {
        const step =
          pointerY < EDGE
            ? -Math.ceil(((EDGE - pointerY) / EDGE) * MAX_SCROLL_STEP)
            : pointerY > window.innerHeight - EDGE
              ? Math.ceil(((pointerY - (window.innerHeight - EDGE)) / EDGE) * MAX_SCROLL_STEP)
              : 0;
        if (step !== 0) {
          window.scrollBy(0, step);
          follow();
        }
        frame = requestAnimationFrame(scroll);
      };
      const finish = (commit: boolean) => {
        cancelAnimationFrame(frame);
        handle.removeEventListener('pointermove', onPointerMove);
        handle.removeEventListener('pointerup', onPointerUp);
        handle.removeEventListener('pointercancel', onCancel);
        window.removeEventListener('keydown', onKey, true);
        if (handle.hasPointerCapture(event.pointerId))
          handle.releasePointerCapture(event.pointerId);
        const landing = drop;
        mark(null);
        row.style.transform = '';
        row.classList.remove(DRAG_CLASSES.row);
        root.classList.remove(DRAG_CLASSES.list);
        if (commit && landing && landing.to !== index) onMove(index, landing.to);
      };
      const onPointerMove = (move: PointerEvent) => {
        pointerY = move.clientY;
        follow();
      };
      const onPointerUp = () => finish(true);
      const onCancel = () => finish(false);
      const onKey = (key: KeyboardEvent) => {
        if (key.key !== 'Escape') return;
        key.preventDefault();
        key.stopPropagation();
        finish(false);
      };

      root.classList.add(DRAG_CLASSES.list);
      row.classList.add(DRAG_CLASSES.row);
      handle.addEventListener('pointermove', onPointerMove);
      handle.addEventListener('pointerup', onPointerUp);
      handle.addEventListener('pointercancel', onCancel);
      window.addEventListener('keydown', onKey, true);
      frame = requestAnimationFrame(scroll);
    },
    [list, rowSelector, onMove],
  );
}
