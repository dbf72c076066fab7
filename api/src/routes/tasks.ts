// /tasks/: filtered list, create, read, update (version-checked), soft delete, restore.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TaskPatch } from '@stride/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { localDate } from '../lib/dates.js';
import * as input from '../lib/record-input.js';
import { checkedPosition } from '../lib/task-order.js';
import { type TaskQuery, type TaskWriteContext, writeContextAt } from '../plugins/app/tasks.js';
import {
  agendaSchema,
  createTaskSchema,
  deleteTaskSchema,
  getTaskSchema,
  listTasksSchema,
  restoreTaskSchema,
  updateTaskSchema,
} from '../schemas/tasks.js';

/** A create's or a patch's fields, as the contract has them (a move's `position` is a patch's). */
type TaskBody = Omit<Partial<TaskPatch>, 'version'>;

/**
 * The body's fields picked by name (never spread from input), its text
 * trimmed and checked; absent fields stay absent.
 */
function fieldsOf(body: TaskBody, now: Date): TaskBody {
  const fields: TaskBody = {};
  if (body.goal_id !== undefined) fields.goal_id = body.goal_id;
  if (body.status !== undefined) fields.status = body.status;
  if (body.priority !== undefined) fields.priority = body.priority;
  if (body.due_date !== undefined) fields.due_date = body.due_date;
  if (body.due_time !== undefined) fields.due_time = body.due_time;
  if (body.title !== undefined) fields.title = input.title(body.title);
  if (body.notes !== undefined) {
    fields.notes = input.longText(body.notes, 'notes', input.LIMITS.notesMax);
  }
  if (body.repeat !== undefined) fields.repeat = input.repeatRule(body.repeat);
  if (body.repeat_from !== undefined) fields.repeat_from = body.repeat_from;
  if (body.subtasks !== undefined) fields.subtasks = input.subtasks(body.subtasks);
  if (body.position !== undefined) fields.position = checkedPosition(body.position);
  if (body.labels !== undefined) fields.labels = input.labelNames(body.labels);
  if (body.reminders !== undefined) fields.reminders = input.reminders(body.reminders, now);
  return fields;
}

export default async function taskRoutes(base: FastifyInstance) {
  // Request types come from the contract's schemas themselves (no hand-written generics).
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  /** The user's calendar, for the dates a repeat rule decides. */
  const writeContext = (request: FastifyRequest): TaskWriteContext =>
    writeContextAt(app.clock(), request.auth?.user.timezone);
  app.get('/tasks/', { schema: listTasksSchema }, async (request, reply) => {
    const { limit, sort, ...filters } = request.query;
    const query: TaskQuery = {
      ...filters,
      sort: sort ?? 'created_at',
      limit: input.pageSize(limit),
      // Dates in a filter are the user's ("today", "friday"): a cached page holds for one day.
      ...(filters.due || filters.filter
        ? { today: localDate(app.clock(), request.auth?.user.timezone) }
        : {}),
    };
    const userId = request.userId;
    return app.listCache.send(reply, userId, `tasks ${JSON.stringify(query)}`, () =>
      app.tasks.list(userId, query),
    );
  });

  app.get('/tasks/agenda/', { schema: agendaSchema }, async (request) =>
    app.tasks.agenda(request.userId, writeContext(request).today),
  );

  app.post('/tasks/', { schema: createTaskSchema }, async (request, reply) => {
    const fields = fieldsOf(request.body, app.clock());
    const task = await app.tasks.create(
      request.userId,
      { ...fields, title: fields.title ?? '' },
      writeContext(request),
    );
    return reply.code(201).send({ task });
  });

  app.get('/tasks/:id/', { schema: getTaskSchema }, async (request) => ({
    task: await app.tasks.get(request.userId, request.params.id),
  }));

  app.patch('/tasks/:id/', { schema: updateTaskSchema }, async (request, reply) => {
    const patch = { ...fieldsOf(request.body, app.clock()), version: request.body.version };
    const result = await app.tasks.update(
      request.userId,
      request.params.id,
      patch,
      writeContext(request),
    );
    if ('conflict' in result) {
      return reply.code(409).send({
        error: 'This task was changed elsewhere',
        code: 'version_conflict',
        current: result.conflict,
      });
    }
    return result;
  });

  app.delete('/tasks/:id/', { schema: deleteTaskSchema }, async (request) => ({
    task: await app.tasks.remove(request.userId, request.params.id),
  }));

  app.post('/tasks/:id/restore/', { schema: restoreTaskSchema }, async (request) => ({
    task: await app.tasks.restore(request.userId, request.params.id),
  }));
}
