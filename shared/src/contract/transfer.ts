import { type Static, Type } from '@sinclair/typebox';
import { LIMITS, rawMax } from '../limits';
import { GoalStatusSchema } from './goals';
import { LabelColorSchema, LabelNameSchema, TaskLabelsSchema } from './labels';
import { IsoDate, Nullable, StringEnum } from './schema-helpers';
import {
  PositionSchema,
  RepeatFromSchema,
  SubtaskSchema,
  TaskPrioritySchema,
  TaskStatusSchema,
} from './tasks';

/**
 * Stride's own export: every live goal and task of an account,
 * with checklists, repeat rules and the history of completed occurrences. The
 * same document is what the import reads back, so the two cannot drift.
 */
export const EXPORT_FORMAT = 'stride-export';
export const EXPORT_VERSION = 4;

const Timestamp = Type.String({ format: 'date-time', maxLength: 40 });

// Each record refuses properties it does not name: an export of this version
// has exactly these, and an import never carries anything else along.
const closed = { additionalProperties: false } as const;

export const ExportGoalSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    title: Type.String({ maxLength: rawMax(LIMITS.titleMax) }),
    description: Nullable(Type.String({ maxLength: rawMax(LIMITS.descriptionMax) })),
    status: GoalStatusSchema,
    target_date: Nullable(IsoDate),
    created_at: Timestamp,
    updated_at: Timestamp,
  },
  closed,
);
export type ExportGoal = Static<typeof ExportGoalSchema>;

/** One finished occurrence of a repeating task (the dashboard's chart counts them). */
export const ExportCompletionSchema = Type.Object(
  {
    occurrence_date: Nullable(IsoDate),
    completed_at: Timestamp,
  },
  closed,
);
export type ExportCompletion = Static<typeof ExportCompletionSchema>;

export const ExportLabelSchema = Type.Object(
  { name: LabelNameSchema, color: LabelColorSchema },
  closed,
);
export type ExportLabel = Static<typeof ExportLabelSchema>;

export const ExportTaskSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    goal_id: Nullable(Type.String({ maxLength: 64, description: "One of the file's goals" })),
    title: Type.String({ maxLength: rawMax(LIMITS.titleMax) }),
    notes: Nullable(Type.String({ maxLength: rawMax(LIMITS.notesMax) })),
    status: TaskStatusSchema,
    priority: TaskPrioritySchema,
    due_date: Nullable(IsoDate),
    due_time: Nullable(Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 })),
    repeat: Nullable(Type.String({ maxLength: LIMITS.repeatRuleMax })),
    /** From version 2; a version 1 file's rules count from the due day. */
    repeat_from: Type.Optional(RepeatFromSchema),
    subtasks: Type.Array(SubtaskSchema, { maxItems: LIMITS.subtasksMax }),
    /** From version 3: the task's place in its owner's order; an import keeps the order, not the key. */
    position: Type.Optional(PositionSchema),
    /** From version 4: the task's labels, by name (the file's `labels` give their colours). */
    labels: Type.Optional(TaskLabelsSchema),
    completed_at: Nullable(Timestamp),
    created_at: Timestamp,
    updated_at: Timestamp,
    completions: Type.Array(ExportCompletionSchema, { maxItems: LIMITS.completionsPerTaskMax }),
  },
  closed,
);
export type ExportTask = Static<typeof ExportTaskSchema>;

export const ExportDocumentSchema = Type.Object({
  format: Type.Literal(EXPORT_FORMAT),
  version: Type.Integer({ minimum: 1 }),
  exported_at: Timestamp,
  goals: Type.Array(ExportGoalSchema),
  tasks: Type.Array(ExportTaskSchema),
  /** From version 4: the account's labels with their colours (tasks name them). */
  labels: Type.Optional(Type.Array(ExportLabelSchema, { maxItems: LIMITS.labelsPerUser })),
});
export type ExportDocument = Static<typeof ExportDocumentSchema>;

export const ExportQuerySchema = Type.Object(
  {
    format: Type.Optional(
      StringEnum(['json', 'csv'] as const, {
        description: 'json (default): the document to import back; csv: for a spreadsheet',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ExportFormat = NonNullable<Static<typeof ExportQuerySchema>['format']>;

/** A file to import: Stride's JSON export, or a Todoist project exported as CSV. */
export const ImportRequestSchema = Type.Object(
  {
    content: Type.String({
      minLength: 1,
      maxLength: LIMITS.importChars,
      description: "The file's text, as read",
    }),
  },
  { additionalProperties: false },
);
export type ImportRequest = Static<typeof ImportRequestSchema>;

export const IMPORT_SOURCES = ['stride-json', 'todoist-csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What is wrong, and where: "Line 7" of a CSV, "Task 3" of a JSON export, or "File". */
export const ImportProblemSchema = Type.Object({
  where: Type.String(),
  message: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblemSchema>;

/** A few of the tasks the file adds, for the preview. */
export const ImportSampleSchema = Type.Object({
  title: Type.String(),
  due_date: Nullable(IsoDate),
  due_time: Nullable(Type.String()),
  repeat: Nullable(Type.String()),
  goal: Nullable(Type.String({ description: "The goal's title" })),
  steps: Type.Integer({ minimum: 0 }),
});
export type ImportSample = Static<typeof ImportSampleSchema>;

export const ImportReportSchema = Type.Object({
  source: Type.Unsafe<ImportSource | null>({
    type: ['string', 'null'],
    enum: [...IMPORT_SOURCES, null],
    description: 'What the file was read as; null when it is neither',
  }),
  /** Goals the import creates (a Todoist section joins a goal of that name if there is one). */
  goals: Type.Integer({ minimum: 0 }),
  tasks: Type.Integer({ minimum: 0 }),
  steps: Type.Integer({ minimum: 0 }),
  completions: Type.Integer({ minimum: 0 }),
  problems: Type.Array(ImportProblemSchema, {
    description: `Every problem found, up to ${LIMITS.importProblemsShown}; with any, nothing is imported`,
  }),
  problem_count: Type.Integer({ minimum: 0 }),
  sample: Type.Array(ImportSampleSchema),
  applied: Type.Boolean({ description: 'True once the goals and tasks are in the account' }),
});
export type ImportReport = Static<typeof ImportReportSchema>;
