// Stride's own export read back: each goal and task checked against the
// contract's schema (the one the export is written by), then by the rules of
// every write. A problem names the record ("Task 3 “Pay rent”") and the field.
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportGoal,
  ExportGoalSchema,
  type ExportLabel,
  ExportLabelSchema,
  type ExportTask,
  ExportTaskSchema,
} from '@stride/shared/contract';
import { type LabelColor, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { timeSlices } from '../lib/time-slices.js';
import {
  checkGoalText,
  checkTask,
  emptyPlan,
  type ImportPlan,
  type PlannedGoal,
  type PlannedTask,
  Problems,
  tooManyRecords,
} from './import-plan.js';

const ajv = new Ajv({ allErrors: false, strict: false });
// keywords: the contract's dates carry formatMinimum and formatMaximum.
addFormats.default(ajv, { formats: ['date', 'date-time'], keywords: true });
const isGoal = ajv.compile<ExportGoal>(ExportGoalSchema);
const isTask = ajv.compile<ExportTask>(ExportTaskSchema);
const isLabel = ajv.compile<ExportLabel>(ExportLabelSchema);

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
  if (error.keyword === 'formatMinimum' || error.keyword === 'formatMaximum') {
    return `${at}must be a date from ${LIMITS.dateMin} to ${LIMITS.dateMax}`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${error.params.additionalProperty}: is not a field of a Stride export`;
  }
  if (error.keyword === 'maxItems') return `${at}must have at most ${error.params.limit} items`;
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

/**
 * The task as the plan holds it, field by field: nothing of the file's
 * record but what Stride reads is carried along (ids and owners come from
 * the import itself).
 */
function plannedTaskOf(task: ExportTask): PlannedTask {
  return {
    goalRef: task.goal_id,
    title: task.title,
    notes: task.notes,
    status: task.status,
    priority: task.priority,
    due_date: task.due_date,
    due_time: task.due_time,
    repeat: task.repeat,
    repeat_from: task.repeat_from ?? 'due',
    subtasks: task.subtasks.map((step) => ({ id: step.id, title: step.title, done: step.done })),
    completed_at: task.completed_at,
    created_at: task.created_at,
    updated_at: task.updated_at,
    completions: task.completions.map((done) => ({
      occurrence_date: done.occurrence_date,
      completed_at: done.completed_at,
    })),
    order: task.position ?? null,
    labels: task.labels ?? [],
  };
}

/** A version 4 file's label colours by name; a bad list is a problem of the file. */
function labelColorsOf(labels: unknown, problems: Problems): Map<string, LabelColor> {
  const colors = new Map<string, LabelColor>();
  if (labels === undefined) return colors;
  if (!Array.isArray(labels) || labels.length > LIMITS.labelsPerUser) {
    problems.add('Labels', `The file's "labels" must list at most ${LIMITS.labelsPerUser} labels`);
    return colors;
  }
  for (const [index, label] of labels.entries()) {
    if (!isLabel(label)) problems.add(`Label ${index + 1}`, schemaMessage(isLabel.errors));
    else colors.set(labelKey(label.name.trim()), label.color);
  }
  return colors;
}

export async function readStrideJson(text: string, today: string): Promise<ImportPlan> {
  const problems = new Problems();
  const nextSlice = timeSlices();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    problems.add('File', `This is not valid JSON (${(error as Error).message})`);
    return emptyPlan(null, problems);
  }
  const { format, version, goals, tasks, labels } = (document ?? {}) as Record<string, unknown>;
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
  // Refused before any record is looked at: a file past the cap costs one count.
  if (goals.length + tasks.length > LIMITS.importRecordsMax) {
    problems.add('File', tooManyRecords(goals.length + tasks.length));
    return emptyPlan('stride-json', problems);
  }

  const plannedGoals: PlannedGoal[] = [];
  const goalIds = new Set<string>();
  for (const [index, goal] of (goals as unknown[]).entries()) {
    await nextSlice();
    const where = named('Goal', index, goal);
    if (!isGoal(goal)) {
      problems.add(where, schemaMessage(isGoal.errors));
    } else if (goalIds.has(goal.id)) {
      problems.add(where, 'Another goal of the file has its id');
    } else {
      goalIds.add(goal.id);
      const text = checkGoalText(problems, where, goal.title, goal.description);
      if (text) {
        plannedGoals.push({
          title: text.title,
          description: text.description,
          status: goal.status,
          target_date: goal.target_date,
          created_at: goal.created_at,
          updated_at: goal.updated_at,
          ref: goal.id,
          joinByTitle: false,
        });
      }
    }
  }

  const plannedTasks: PlannedTask[] = [];
  let completions = 0;
  for (const [index, task] of (tasks as unknown[]).entries()) {
    await nextSlice();
    const where = named('Task', index, task);
    if (!isTask(task)) {
      problems.add(where, schemaMessage(isTask.errors));
    } else if (task.goal_id !== null && !goalIds.has(task.goal_id)) {
      problems.add(where, 'Its goal is not in the file');
    } else {
      completions += task.completions.length;
      const planned = checkTask(problems, where, plannedTaskOf(task), today);
      if (planned) plannedTasks.push(planned);
    }
  }
  if (completions > LIMITS.importCompletionsMax) {
    problems.add(
      'File',
      `The file has ${completions} finished occurrences; one import takes at most ${LIMITS.importCompletionsMax}`,
    );
  }

  return {
    source: 'stride-json',
    labelColors: labelColorsOf(labels, problems),
    goals: plannedGoals,
    tasks: plannedTasks,
    problems: problems.list,
    problemCount: problems.count,
  };
}
