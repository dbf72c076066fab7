import { type Static, Type } from '@sinclair/typebox';
import { LIMITS, rawMax } from '../limits';
import { TaskLabelsSchema } from './labels';
import { TaskReminderSchema, TaskRemindersSchema } from './reminders';
import {
  CursorParam,
  IsoDate,
  LimitParam,
  Nullable,
  PageOf,
  RefTo,
  StringEnum,
} from './schema-helpers';

export const TASK_STATUSES = ['todo', 'in_progress', 'done'] as const;
export const TaskStatusSchema = StringEnum(TASK_STATUSES);
export type TaskStatus = Static<typeof TaskStatusSchema>;
export const TaskPrioritySchema = StringEnum(['none', 'low', 'medium', 'high'] as const);
/**
 * What a repeating task's next day counts from when it is done: its due day
 * (`due`, "every 3 days") or the day it was done (`done`, "every! 3 days").
 */
export const RepeatFromSchema = StringEnum(['due', 'done'] as const, {
  description: "done: the next day counts from the day it was done (quick add's every!)",
});
export type RepeatFrom = Static<typeof RepeatFromSchema>;
export type TaskPriority = Static<typeof TaskPrioritySchema>;
/** A list filter: one status, or `open` for every task not done yet. */
export type TaskStatusFilter = TaskStatus | 'open';
export const TaskSortSchema = StringEnum(
  ['position', 'created_at', 'due_date', 'priority'] as const,
  {
    description:
      "position: the user's own order; created_at: newest first; due_date: soonest first, none last; priority: high first",
  },
);
export type TaskSort = Static<typeof TaskSortSchema>;
export const DueFilterSchema = StringEnum(['today', 'overdue', 'upcoming'] as const, {
  description: "In the user's time zone; overdue excludes done tasks",
});
export type DueFilter = Static<typeof DueFilterSchema>;

/**
 * A place in the user's own order: a fractional-indexing key, compared byte
 * by byte. A move sends a key between its new neighbours'; when another task
 * holds it already, the API takes the next free one after it.
 */
export const PositionSchema = Type.String({
  minLength: 2,
  maxLength: LIMITS.positionMax,
  pattern: '^[0-9A-Za-z]+$',
  description: "The task's place in the user's own order (sort=position); compare byte by byte",
});

/** `HH:MM`, 24-hour, on the user's wall clock. */
const TimeOfDay = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', maxLength: 5 });

/** One step of a task's checklist. */
export const SubtaskSchema = Type.Object(
  {
    id: Type.String({ maxLength: 64 }),
    title: Type.String({ maxLength: rawMax(LIMITS.titleMax) }),
    done: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type Subtask = Static<typeof SubtaskSchema>;

export const TaskSchema = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    notes: Nullable(Type.String()),
    status: TaskStatusSchema,
    priority: TaskPrioritySchema,
    due_date: Nullable(Type.String({ description: 'YYYY-MM-DD' })),
    due_time: Nullable(Type.String({ description: 'HH:MM on the user’s clock; only with a date' })),
    repeat: Nullable(
      Type.String({ description: 'RRULE body, e.g. FREQ=WEEKLY;BYDAY=MO; at most daily' }),
    ),
    repeat_from: RepeatFromSchema,
    subtasks: Type.Array(SubtaskSchema, { description: 'The checklist, in order' }),
    goal_id: Nullable(Type.String({ description: 'null while the goal is deleted' })),
    labels: Type.Array(Type.String(), { description: "The labels' names, by name" }),
    reminders: Type.Array(TaskReminderSchema, {
      description: 'Its reminders: instants first, by time, then minutes before its due time',
    }),
    completed_at: Nullable(Type.String({ description: 'Set when the task becomes done' })),
    position: PositionSchema,
    version: Type.Integer({ description: 'Send it back with PATCH; 409 when stale' }),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Task' },
);
export type Task = Static<typeof TaskSchema>;

// Raw caps: the API trims the text, then checks the limit itself.
const title = Type.String({ maxLength: rawMax(LIMITS.titleMax) });
const notes = Nullable(Type.String({ maxLength: rawMax(LIMITS.notesMax) }));
const goalId = Nullable(Type.String({ maxLength: 64 }));

export const TaskInputSchema = Type.Object(
  {
    title,
    notes: Type.Optional(notes),
    status: Type.Optional(TaskStatusSchema),
    priority: Type.Optional(TaskPrioritySchema),
    due_date: Type.Optional(Nullable(IsoDate)),
    due_time: Type.Optional(Nullable(TimeOfDay)),
    repeat: Type.Optional(Nullable(Type.String({ maxLength: LIMITS.repeatRuleMax }))),
    /** With `repeat`; a new rule without it counts from the due day. */
    repeat_from: Type.Optional(RepeatFromSchema),
    subtasks: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Type.String({ minLength: 1, maxLength: 64 }),
            title,
            done: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        {
          maxItems: LIMITS.subtasksMax,
          description: 'The whole checklist, in order; the client names new steps',
        },
      ),
    ),
    goal_id: Type.Optional(goalId),
    labels: Type.Optional(TaskLabelsSchema),
    reminders: Type.Optional(TaskRemindersSchema),
  },
  { additionalProperties: false },
);
export type TaskInput = Static<typeof TaskInputSchema>;

/** The version the change was made on, any fields of a new task, and a move. */
export const TaskPatchSchema = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    ...Type.Partial(TaskInputSchema).properties,
    position: Type.Optional(PositionSchema),
  },
  { additionalProperties: false },
);
export type TaskPatch = Static<typeof TaskPatchSchema>;

export const TaskListQuerySchema = Type.Object(
  {
    status: Type.Optional(
      StringEnum([...TASK_STATUSES, 'open'] as const, {
        description: 'open = every task not done',
      }),
    ),
    goal_id: Type.Optional(Type.String({ maxLength: 64 })),
    due: Type.Optional(DueFilterSchema),
    q: Type.Optional(
      Type.String({
        maxLength: LIMITS.searchMax,
        description: 'Case-insensitive text in the title or notes',
      }),
    ),
    filter: Type.Optional(
      Type.String({
        maxLength: LIMITS.filterMax,
        description:
          'A filter query, e.g. `today & @errand` or `(p1 | overdue) & !#Home` (docs/product.md §4)',
      }),
    ),
    sort: Type.Optional(TaskSortSchema),
    cursor: Type.Optional(CursorParam),
    limit: Type.Optional(LimitParam),
  },
  { additionalProperties: false },
);
export type TaskListQuery = Static<typeof TaskListQuerySchema>;

export const TaskPageSchema = PageOf(RefTo(TaskSchema));

/** One entry of the Upcoming view: a task on its due date, or a later occurrence of a repeating one. */
export const AgendaEntrySchema = Type.Object({
  date: IsoDate,
  occurrence: Type.Boolean({ description: 'A later day of a repeating task, not its due date' }),
  task: RefTo(TaskSchema),
});
export type AgendaEntry = Static<typeof AgendaEntrySchema>;

export const AgendaSchema = Type.Object({
  from: IsoDate,
  to: IsoDate,
  entries: Type.Array(AgendaEntrySchema, {
    description: 'By date, then as the list sorts by due date',
  }),
  truncated: Type.Boolean({
    description: `More than ${LIMITS.agendaMax} entries: the rest are left out`,
  }),
});
export type Agenda = Static<typeof AgendaSchema>;
