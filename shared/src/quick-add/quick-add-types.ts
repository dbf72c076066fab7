import type { TaskPriority } from '../contract';
import type { TaskReminder } from '../reminders';

export type QuickAddTokenKind = 'date' | 'priority' | 'goal' | 'label' | 'reminder' | 'repeat';

export interface QuickAddToken {
  kind: QuickAddTokenKind;
  /** Offsets into the typed text, end exclusive. */
  start: number;
  end: number;
  text: string;
}

export interface QuickAddGoal {
  id: string;
  title: string;
}

export interface QuickAdd {
  title: string;
  due_date: string | null;
  /** `HH:MM`, only when a time was typed. */
  due_time: string | null;
  priority: TaskPriority | null;
  goal_id: string | null;
  /** `@label` words, by name as typed (the API makes the labels that do not exist). */
  labels: string[];
  /**
   * "remind me 8am" (an instant, on the due date or else at the time's next
   * coming), "remind 30m before" (kept even with no due time: the API holds
   * it until the task has one). At most a task's reminders, none twice.
   */
  reminders: TaskReminder[];
  /** RRULE body, e.g. `FREQ=WEEKLY;BYDAY=MO`. */
  repeat: string | null;
  /** `done` for "every! …": the next day counts from the day it is done. */
  repeat_from: 'due' | 'done';
  tokens: QuickAddToken[];
}

export interface QuickAddOptions {
  now?: Date;
  /** IANA zone of the user; the runtime's own when absent. */
  timeZone?: string | null;
  /** The goals a `#tag` may name. */
  goals?: readonly QuickAddGoal[];
  /** Token texts the user chose to keep as words (Escape, or a click on a highlight). */
  literal?: readonly string[];
}

/** A line read as nothing but a title (what the field shows before the parser has loaded). */
export function plainLine(text: string): QuickAdd {
  return {
    title: text,
    due_date: null,
    due_time: null,
    priority: null,
    goal_id: null,
    labels: [],
    reminders: [],
    repeat: null,
    repeat_from: 'due',
    tokens: [],
  };
}
