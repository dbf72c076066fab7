// /reminders/:id/…: a reminder's two actions, "Done" and "Snooze", from a
// system notification (the service worker posts them, with the session's
// cookie) or from the in-tab notice.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { SNOOZE_MINUTES } from '@stride/shared/reminders';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../lib/errors.js';
import { reminderTask, snoozeReminder } from '../lib/task-reminders.js';
import { writeContextAt } from '../plugins/app/tasks.js';
import { doneReminderSchema, snoozeReminderSchema } from '../schemas/reminders.js';

/** A notification knows no version: "Done" reads the task's and tries again if it moved. */
const DONE_ATTEMPTS = 3;

export default async function reminderRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxTypeProvider>();

  app.post('/reminders/:id/snooze/', { schema: snoozeReminderSchema }, async (request) => {
    const minutes = request.body?.minutes ?? SNOOZE_MINUTES;
    const until = new Date(app.clock().getTime() + minutes * 60_000);
    if (!(await snoozeReminder(app.database.db, request.userId, request.params.id, until))) {
      throw notFound();
    }
    return { fire_at: until.toISOString() };
  });

  app.post('/reminders/:id/done/', { schema: doneReminderSchema }, async (request) => {
    const { userId } = request;
    const taskId = await reminderTask(app.database.db, userId, request.params.id);
    if (!taskId) throw notFound();
    const context = writeContextAt(app.clock(), request.auth?.user.timezone);
    for (let attempt = 0; attempt < DONE_ATTEMPTS; attempt++) {
      const task = await app.tasks.get(userId, taskId);
      if (task.status === 'done') return { task };
      const result = await app.tasks.update(
        userId,
        taskId,
        { version: task.version, status: 'done' },
        context,
      );
      if ('task' in result) return { task: result.task };
    }
    throw new HttpError(409, 'conflict', 'The task keeps changing; open it to mark it done');
  });
}
