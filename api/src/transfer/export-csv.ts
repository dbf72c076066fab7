// The export as CSV, for a spreadsheet: one row per goal, then per task, each
// task followed by its steps and its completed occurrences. The `type` column
// says which a row is, so the file sorts and filters well and still reads top
// to bottom. A cell that a spreadsheet would run as a formula is quoted.
import type { ExportDocument } from '@stride/shared/contract';
import { ruleInWords } from '@stride/shared/recurrence';
import { stringify } from 'csv-stringify/sync';

export const CSV_COLUMNS = [
  'type',
  'title',
  'goal',
  'status',
  'priority',
  'labels',
  'due_date',
  'due_time',
  'repeat',
  'repeat_rule',
  'notes',
  'completed_at',
  'created_at',
] as const;
type Row = Partial<Record<(typeof CSV_COLUMNS)[number], string | null>>;

/** OWASP's advice for CSV injection: text starting with = + - @ or a control gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;
const safe = (value: string | null | undefined) =>
  value && FORMULA_START.test(value) ? `'${value}` : (value ?? '');

export function exportCsv(document: ExportDocument): string {
  const goalTitles = new Map(document.goals.map((goal) => [goal.id, goal.title]));
  const rows: Row[] = [];
  for (const goal of document.goals) {
    rows.push({
      type: 'goal',
      title: goal.title,
      status: goal.status,
      due_date: goal.target_date,
      notes: goal.description,
      created_at: goal.created_at,
    });
  }
  for (const task of document.tasks) {
    rows.push({
      type: 'task',
      title: task.title,
      goal: task.goal_id ? (goalTitles.get(task.goal_id) ?? null) : null,
      status: task.status,
      priority: task.priority,
      labels: task.labels?.join(' ') || null,
      due_date: task.due_date,
      due_time: task.due_time,
      repeat: task.repeat ? ruleInWords(task.repeat, task.repeat_from ?? 'due') : null,
      repeat_rule: task.repeat,
      notes: task.notes,
      completed_at: task.completed_at,
      created_at: task.created_at,
    });
    for (const step of task.subtasks) {
      rows.push({ type: 'step', title: step.title, status: step.done ? 'done' : 'todo' });
    }
    for (const completion of task.completions) {
      rows.push({
        type: 'completion',
        title: task.title,
        due_date: completion.occurrence_date,
        completed_at: completion.completed_at,
      });
    }
  }
  const cells = rows.map((row) => CSV_COLUMNS.map((column) => safe(row[column])));
  // A byte-order mark and CRLF: what spreadsheets expect to read UTF-8 correctly.
  return stringify([[...CSV_COLUMNS], ...cells], { bom: true, record_delimiter: 'windows' });
}
