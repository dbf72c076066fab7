// What an import would add, read from a file before anything is written: the
// goals and tasks, already checked by the rules every other write follows
// (record-input.ts), and every problem found, each with where it is. With
// any problem the plan is never applied, so nothing is half imported.
import type {
  ExportCompletion,
  ImportProblem,
  ImportSource,
  Subtask,
} from '@stride/shared/contract';
import type { LabelColor } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { nextOccurrence } from '@stride/shared/recurrence';
import { HttpError } from '../lib/errors.js';
import type { NewGoal } from '../lib/goal-record.js';
import * as input from '../lib/record-input.js';
import type { NewTask } from '../lib/task-record.js';

/** A goal to create, or to join by its title. */
export interface PlannedGoal extends NewGoal {
  /** How the file's tasks name this goal: its id in a Stride export, its title in a Todoist one. */
  ref: string;
  /** Kept from the file when it has them; otherwise the time of the import. */
  created_at: string | null;
  updated_at: string | null;
  /** A Todoist section joins the user's goal of the same title, if there is one. */
  joinByTitle: boolean;
}

/** A task to create; its goal named by the plan's `ref`. */
export interface PlannedTask extends Omit<NewTask, 'goal_id' | 'subtasks'> {
  goalRef: string | null;
  /** Mutable while a reader adds a Todoist row's sub-tasks. */
  subtasks: Subtask[];
  created_at: string | null;
  updated_at: string | null;
  completions: ExportCompletion[];
  /**
   * The task's place in a Stride export's order (version 3 on): it only
   * orders the import, which gives out keys of its own. Null elsewhere.
   */
  order: string | null;
  /** The task's labels by name (a Stride export's, a Todoist task's `@words`). */
  labels: string[];
}

export interface ImportPlan {
  source: ImportSource | null;
  goals: PlannedGoal[];
  tasks: PlannedTask[];
  problems: ImportProblem[];
  problemCount: number;
  /** The colours a file gives its labels (a Stride export's), for the labels an import makes. */
  labelColors?: ReadonlyMap<string, LabelColor>;
}

/** Collects problems; keeps the first LIMITS.importProblemsShown and counts them all. */
export class Problems {
  readonly list: ImportProblem[] = [];
  count = 0;

  add(where: string, message: string): void {
    this.count += 1;
    if (this.list.length < LIMITS.importProblemsShown) this.list.push({ where, message });
  }

  /** Runs a record-input check; a refusal becomes a problem here, and the answer undefined. */
  check<T>(where: string, run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof HttpError) || !error.fields) throw error;
      for (const [field, message] of Object.entries(error.fields)) {
        this.add(where, `${FIELD_NAMES[field] ?? field}: ${message}`);
      }
      return undefined;
    }
  }
}

const FIELD_NAMES: Record<string, string> = {
  title: 'Title',
  notes: 'Notes',
  description: 'Description',
  repeat: 'Repeat',
  subtasks: 'Steps',
};

/**
 * The checks every task gets, whatever file it came from: the same lengths,
 * rule bounds and step rules as the API's own writes. A repeating task with
 * no date starts on its rule's first day from `today`, as a new one would.
 */
export function checkTask(
  problems: Problems,
  where: string,
  /** The task as the file has it, its text not yet checked. */
  raw: PlannedTask,
  today: string,
): PlannedTask | null {
  const before = problems.count;
  const title = problems.check(where, () => input.title(raw.title));
  const notes = problems.check(where, () => input.longText(raw.notes, 'notes', LIMITS.notesMax));
  const repeat = problems.check(where, () => input.repeatRule(raw.repeat));
  if (raw.subtasks.length > LIMITS.subtasksMax) {
    problems.add(where, `Steps: at most ${LIMITS.subtasksMax} in one task`);
  }
  const subtasks = problems.check(where, () => input.subtasks(raw.subtasks));
  const labels = problems.check(where, () => input.labelNames(raw.labels));
  if (raw.due_time && !raw.due_date) problems.add(where, 'A time needs a due date');
  if (
    problems.count > before ||
    title === undefined ||
    subtasks === undefined ||
    labels === undefined
  ) {
    return null;
  }
  const due_date = raw.due_date ?? (repeat ? nextOccurrence(repeat, today) : null);
  if (repeat && !due_date) {
    problems.add(where, 'Repeat: That repeat rule never comes round from this day');
    return null;
  }
  return {
    goalRef: raw.goalRef,
    title,
    notes: notes ?? null,
    status: raw.status,
    priority: raw.priority,
    due_date,
    due_time: raw.due_time,
    repeat: repeat ?? null,
    repeat_from: raw.repeat_from,
    subtasks,
    // A done task has a completion time: the file's, else its last change.
    completed_at: raw.status === 'done' ? (raw.completed_at ?? raw.updated_at) : null,
    created_at: raw.created_at,
    updated_at: raw.updated_at,
    completions: raw.completions,
    order: raw.order,
    labels,
  };
}

/** A goal's title and description, by the same rules as POST /goals/. */
export function checkGoalText(
  problems: Problems,
  where: string,
  title: string,
  description: string | null,
): { title: string; description: string | null } | null {
  const before = problems.count;
  const checkedTitle = problems.check(where, () => input.title(title));
  const checkedDescription = problems.check(where, () =>
    input.longText(description, 'description', LIMITS.descriptionMax),
  );
  if (problems.count > before || checkedTitle === undefined) return null;
  return { title: checkedTitle, description: checkedDescription ?? null };
}

export const tooManyRecords = (records: number) =>
  `The file has ${records} goals and tasks; one import takes at most ${LIMITS.importRecordsMax}`;

export function emptyPlan(source: ImportSource | null, problems: Problems): ImportPlan {
  return { source, goals: [], tasks: [], problems: problems.list, problemCount: problems.count };
}
