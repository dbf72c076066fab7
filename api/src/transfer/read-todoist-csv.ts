// A Todoist project exported as CSV ("Export as a template"), read the way
// Todoist documents its columns: TYPE (task, section, note, meta), CONTENT,
// DESCRIPTION, PRIORITY (4 = p1, the highest … 1 = none), INDENT (1 = a task,
// 2 or more = a sub-task) and DATE, a due date in words ("every monday at
// 9am", "Oct 5 2026"), read by quick add's own parser in the TIMEZONE column's
// zone. How each maps onto Stride is in docs/decisions.md.
import type { TaskPriority } from '@stride/shared/contract';
import { LABEL_WORD, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { readDueText } from '@stride/shared/quick-add/engine';
import { parse } from 'csv-parse/sync';
import { timeSlices } from '../lib/time-slices.js';
import {
  checkGoalText,
  checkTask,
  emptyPlan,
  type ImportPlan,
  type PlannedGoal,
  type PlannedTask,
  Problems,
} from './import-plan.js';

/**
 * Todoist's export writes its API's numbers: 4 is p1, the most urgent, and 1
 * is no priority (docs/decisions.md, "Todoist's CSV as Todoist writes it"). A
 * Map, so a cell such as "constructor" finds nothing rather than Object's own.
 */
const PRIORITIES = new Map<string, TaskPriority>([
  ['', 'none'],
  ['4', 'high'],
  ['3', 'medium'],
  ['2', 'low'],
  ['1', 'none'],
]);

export interface CsvContext {
  now: Date;
  /** The user's zone, for dates whose row names none. */
  timeZone: string | null;
  today: string;
}

const isZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * A Todoist task's `@words` are its labels (Todoist writes them into
 * CONTENT): taken out of the title, one per name whatever its case, at most
 * a task's labels; past that, or too long for a label, they stay words.
 */
export function labelWords(content: string): { title: string; labels: string[] } {
  const labels = new Map<string, string>();
  const title = content.replace(LABEL_WORD, (word, name: string) => {
    if (name.length > LIMITS.labelNameMax) return word;
    if (!labels.has(labelKey(name)) && labels.size >= LIMITS.labelsPerTask) return word;
    if (!labels.has(labelKey(name))) labels.set(labelKey(name), name);
    return '';
  });
  return { title: title.replace(/\s{2,}/g, ' ').trim(), labels: [...labels.values()] };
}

/** A section's key: the same title in any case is one goal. */
const titleKey = (title: string) => title.toLocaleLowerCase();

/** True when the first line has Todoist's TYPE and CONTENT columns. */
export function looksLikeTodoistCsv(text: string): boolean {
  const header = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const columns = header.split(',').map((name) => name.trim().toUpperCase());
  return columns.includes('TYPE') && columns.includes('CONTENT');
}

export async function readTodoistCsv(text: string, context: CsvContext): Promise<ImportPlan> {
  const problems = new Problems();
  const nextSlice = timeSlices();
  let rows: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it ends in the file (for "Line 7").
    // Reading stops one line past the cap: a longer file is refused without
    // being read to its end.
    rows = parse(text, {
      bom: true,
      relax_column_count: true,
      info: true,
      skip_empty_lines: true,
      to: LIMITS.importLinesMax + 1,
    }) as unknown as typeof rows;
  } catch (error) {
    problems.add('File', `This CSV cannot be read (${(error as Error).message})`);
    return emptyPlan('todoist-csv', problems);
  }
  if (rows.length > LIMITS.importLinesMax) {
    problems.add('File', `The file has more than ${LIMITS.importLinesMax} lines; split it in two`);
    return emptyPlan('todoist-csv', problems);
  }
  const [header, ...body] = rows;
  const columns = (header?.record ?? []).map((name) => name.trim().toUpperCase());
  const at = (record: string[], name: string) => (record[columns.indexOf(name)] ?? '').trim();

  const goals: PlannedGoal[] = [];
  const goalsByTitle = new Map<string, PlannedGoal>();
  const tasks: PlannedTask[] = [];
  let goal: PlannedGoal | null = null;
  /**
   * The last top-level task and its line: sub-tasks become its steps, notes
   * join its notes. `task` is null when its own row had a problem (already
   * reported), so what belongs to it is not reported again.
   */
  let parent: { task: PlannedTask | null; where: string } | null = null;
  const closeParent = () => {
    const task = parent?.task;
    const checked = task && parent ? checkTask(problems, parent.where, task, context.today) : null;
    if (checked) tasks.push(checked);
    parent = null;
  };

  for (const { record, info } of body) {
    await nextSlice();
    const where = `Line ${info.lines}`;
    const type = at(record, 'TYPE').toLowerCase();
    const content = at(record, 'CONTENT');
    if (type === 'meta' || (type === '' && record.every((cell) => cell.trim() === ''))) continue;

    if (type === 'section') {
      closeParent();
      const text = checkGoalText(problems, where, content, null);
      // A section named twice is one goal (a look-up, not a search: 20,000 sections took 64 s).
      goal = text ? (goalsByTitle.get(titleKey(text.title)) ?? null) : null;
      if (text && !goal) {
        goal = {
          ...text,
          ref: `${goals.length}`,
          status: 'active',
          target_date: null,
          created_at: null,
          updated_at: null,
          joinByTitle: true,
        };
        goals.push(goal);
        goalsByTitle.set(titleKey(goal.title), goal);
      }
    } else if (type === 'note') {
      if (!parent) problems.add(where, 'A note needs a task above it');
      else if (parent.task && content) {
        const notes = parent.task.notes;
        parent.task.notes = notes ? `${notes}\n\n${content}` : content;
      }
    } else if (type === 'task') {
      const indent = at(record, 'INDENT') || '1';
      if (!/^[1-9]$/.test(indent)) {
        problems.add(where, `INDENT must be a number from 1 to 9, not “${indent}”`);
      } else if (indent !== '1') {
        if (!parent) problems.add(where, 'A sub-task needs a task above it');
        else if (!content) problems.add(where, 'A sub-task needs a name');
        else
          parent.task?.subtasks.push({
            id: `s${parent.task.subtasks.length + 1}`,
            title: content,
            done: false,
          });
      } else {
        closeParent();
        parent = { task: readTask(record, where), where };
      }
    } else {
      problems.add(where, `TYPE must be task, section, note or meta, not “${type}”`);
    }
  }
  closeParent();

  function readTask(record: string[], where: string): PlannedTask | null {
    const priority = PRIORITIES.get(at(record, 'PRIORITY'));
    if (!priority)
      problems.add(where, `PRIORITY must be 1, 2, 3 or 4, not “${at(record, 'PRIORITY')}”`);
    const dateText = at(record, 'DATE');
    const zone = at(record, 'TIMEZONE');
    const due = dateText
      ? readDueText(dateText, {
          now: context.now,
          timeZone: zone && isZone(zone) ? zone : context.timeZone,
        })
      : { due_date: null, due_time: null, repeat: null };
    if (!due) problems.add(where, `The date “${dateText}” cannot be read`);
    if (!priority || !due) return null;
    const { title, labels } = labelWords(at(record, 'CONTENT'));
    return {
      goalRef: goal?.ref ?? null,
      title,
      notes: at(record, 'DESCRIPTION') || null,
      status: 'todo',
      priority,
      ...due,
      subtasks: [],
      completed_at: null,
      created_at: null,
      updated_at: null,
      completions: [],
      order: null,
      labels,
    };
  }

  if (!header || (tasks.length === 0 && goals.length === 0 && problems.count === 0)) {
    problems.add('File', 'The file has no tasks or sections');
  }
  return {
    source: 'todoist-csv',
    goals,
    tasks,
    problems: problems.list,
    problemCount: problems.count,
  };
}
