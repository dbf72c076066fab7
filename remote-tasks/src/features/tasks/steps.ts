import type { Subtask } from '@stride/shared';

/** The checklist with one step moved from `from` to `to` (indexes clamped). */
export function moveStep(steps: readonly Subtask[], from: number, to: number): Subtask[] {
  const target = Math.max(0, Math.min(steps.length - 1, to));
  const next = [...steps];
  const [step] = next.splice(from, 1);
  if (!step) return next;
  next.splice(target, 0, step);
  return next;
}

/** A new, unticked step; its id is made here, as the API asks of the client. */
export const newStep = (title: string): Subtask => ({
  id: crypto.randomUUID(),
  title: title.trim(),
  done: false,
});
