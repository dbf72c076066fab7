// Undo for every change made on the task pages (docs/architecture.md §4,
// "Undo"): each change is remembered as the record before it and the record
// the server answered. Undoing it sends back the fields that differ, on the
// version the change produced: the write queue rebases that version past our
// own later writes, and a change made anywhere else meets the 409 rule
// instead of being overwritten. A delete is undone by a restore.
import type { Task, TaskPatch } from '@stride/shared';

/** The fields a change can alter and an undo can put back. */
const FIELDS = [
  'title',
  'notes',
  'status',
  'priority',
  'due_date',
  'due_time',
  'repeat',
  'repeat_from',
  'subtasks',
  'goal_id',
  'labels',
  'reminders',
  'position',
] as const;

/** How many changes Ctrl/⌘-Z can walk back. */
export const UNDO_DEPTH = 20;

export type UndoEntry =
  | { kind: 'change'; id: string; title: string; before: Task; after: Task }
  | { kind: 'delete'; id: string; title: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The patch that puts back what the change altered, fields the server
 * derived included (a repeating task's next day, its unticked steps), or
 * null when nothing differs.
 */
export function revertPatch(before: Task, after: Task): TaskPatch | null {
  const patch: Record<string, unknown> = {};
  for (const field of FIELDS) {
    if (before[field] !== undefined && !same(before[field], after[field])) {
      patch[field] = before[field];
    }
  }
  if (Object.keys(patch).length === 0) return null;
  return { ...patch, version: after.version } as TaskPatch;
}

/**
 * The changes made on one page since it opened, newest last, at most
 * UNDO_DEPTH. Each page that changes tasks keeps its own (use-undo.tsx).
 */
export class UndoHistory {
  private readonly entries: UndoEntry[] = [];

  remember(entry: UndoEntry): void {
    if (entry.kind === 'change' && !revertPatch(entry.before, entry.after)) return;
    this.entries.push(entry);
    if (this.entries.length > UNDO_DEPTH) this.entries.shift();
  }

  /**
   * Takes `entry` out (its toast's Undo), or the newest (Ctrl/⌘-Z); undefined
   * when there is none, or that one was undone already.
   */
  take(entry?: UndoEntry): UndoEntry | undefined {
    if (!entry) return this.entries.pop();
    const index = this.entries.indexOf(entry);
    if (index === -1) return undefined;
    this.entries.splice(index, 1);
    return entry;
  }
}
