// Stride's own export read back: each goal and task checked against the
// contract's schema (the one the export is written by), then by the rules of
// every write. A problem names the record ("Task 3 “Pay rent”") and the field.
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportGoal,
  ExportGoalSchema,
  type ExportTask,
  ExportTaskSchema,
} from '@stride/shared/contract';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import {
  checkGoalText,
  checkTask,
  emptyPlan,
  type ImportPlan,
  type PlannedGoal,
  type PlannedTask,
  Problems,
} from './import-plan.js';

const ajv = new Ajv({ allErrors: false, strict: false });
addFormats.default(ajv, ['date', 'date-time']);
const isGoal = ajv.compile<ExportGoal>(ExportGoalSchema);
const isTask = ajv.compile<ExportTask>(ExportTaskSchema);

/** "due_date: must be a date, YYYY-MM-DD", from the first thing the schema refused. */
function schemaMessage(errors: ErrorObject[] | null | undefined): string {
  const error = errors?.[0];
  if (!error) return 'Not a record of this kind';
  const field = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const at = field ? `${field}: ` : '';
  if (error.keyword === 'required') return `${error.params.missingProperty}: is missing`;
  if (error.keyword === 'format' && error.params.format === 'date') {
    return `${at}must be a date, YYYY-MM-DD`;
  }
  if (error.keyword === 'format' && error.params.format === 'date-time') {
    return `${at}must be a time like 2026-11-25T09:30:00Z`;
  }
  if (error.keyword === 'enum') {
    return `${at}must be one of ${(error.params.allowedValues as string[]).join(', ')}`;
  }
  return `${at}${error.message ?? 'is not valid'}`;
}

const named = (kind: string, index: number, record: unknown) => {
  const title = (record as { title?: unknown } | null)?.title;
  return typeof title === 'string' && title.trim()
    ? `${kind} ${index + 1} “${title.trim().slice(0, 60)}”`
    : `${kind} ${index + 1}`;
};

export function readStrideJson(text: string, today: string): ImportPlan {
  const problems = new Problems();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    problems.add('File', `This is not valid JSON (${(error as Error).message})`);
    return emptyPlan(null, problems);
  }
  const { format, version, goals, tasks } = (document ?? {}) as Record<string, unknown>;
  if (format !== EXPORT_FORMAT) {
    problems.add('File', 'This JSON is not a Stride export (its "format" is not "stride-export")');
    return emptyPlan(null, problems);
  }
  if (typeof version !== 'number' || version > EXPORT_VERSION) {
    problems.add('File', 'This export comes from a newer Stride; update this one to import it');
    return emptyPlan('stride-json', problems);
  }
  if (!Array.isArray(goals) || !Array.isArray(tasks)) {
    problems.add('File', 'The export has no "goals" and "tasks" lists');
    return emptyPlan('stride-json', problems);
  }

  const plannedGoals: PlannedGoal[] = [];
  const goalIds = new Set<string>();
  for (const [index, goal] of (goals as unknown[]).entries()) {
    const where = named('Goal', index, goal);
    if (!isGoal(goal)) {
      problems.add(where, schemaMessage(isGoal.errors));
    } else if (goalIds.has(goal.id)) {
      problems.add(where, 'Another goal of the file has its id');
    } else {
      goalIds.add(goal.id);
      const text = checkGoalText(problems, where, goal.title, goal.description);
      if (text) plannedGoals.push({ ...goal, ...text, ref: goal.id, joinByTitle: false });
    }
  }

  const plannedTasks: PlannedTask[] = [];
  for (const [index, task] of (tasks as unknown[]).entries()) {
    const where = named('Task', index, task);
    if (!isTask(task)) {
      problems.add(where, schemaMessage(isTask.errors));
    } else if (task.goal_id !== null && !goalIds.has(task.goal_id)) {
      problems.add(where, 'Its goal is not in the file');
    } else {
      const { id: _id, goal_id, ...fields } = task;
      const planned = checkTask(problems, where, { ...fields, goalRef: goal_id }, today);
      if (planned) plannedTasks.push(planned);
    }
  }

  return {
    source: 'stride-json',
    goals: plannedGoals,
    tasks: plannedTasks,
    problems: problems.list,
    problemCount: problems.count,
  };
}
