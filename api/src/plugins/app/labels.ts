// A user's labels: listed by name with how many live tasks carry each,
// made, renamed, recoloured and deleted here. Labels given to a task by name
// (quick add, an import, a task's editor) are made by lib/task-labels.ts in
// the task's own write. Renames and colours are last-write-wins: a label has
// two fields and no history worth a version (docs/decisions.md, "Labels").

import { randomUUID } from 'node:crypto';
import type { Label } from '@stride/shared/contract';
import { DEFAULT_LABEL_COLOR, type LabelColor, labelKey } from '@stride/shared/labels';
import { LIMITS } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.js';
import type { Database, LabelRow } from '../../db/schema.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { tooManyLabels } from '../../lib/task-labels.js';
import type { Clock } from '../../lib/time.js';
import { takeTurn } from '../../lib/user-turn.js';
import { isUniqueViolation } from '../../lib/validate.js';

const labelExists = (name: string) =>
  new HttpError(409, 'label_exists', `You already have a label called “${name}”`, {
    name: 'That name is taken',
  });

const toLabelJson = (row: LabelRow, taskCount: number): Label => ({
  id: row.id,
  name: row.name,
  color: row.color as LabelColor,
  task_count: taskCount,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

export class LabelService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly write: DatabaseHandle['write'],
    private readonly clock: Clock,
  ) {}

  /** Every label of the user (at most labelsPerUser), by name. */
  async list(userId: string): Promise<Label[]> {
    const rows = await this.db
      .selectFrom('labels')
      .selectAll('labels')
      .select((eb) =>
        eb
          .selectFrom('task_labels')
          .innerJoin('tasks', 'tasks.id', 'task_labels.task_id')
          .select((count) => count.fn.countAll<number>().as('n'))
          .whereRef('task_labels.label_id', '=', 'labels.id')
          .where('tasks.deleted_at', 'is', null)
          .as('task_count'),
      )
      .where('labels.user_id', '=', userId)
      .orderBy('labels.name_key')
      .limit(LIMITS.labelsPerUser)
      .execute();
    return rows.map((row) => toLabelJson(row, Number(row.task_count ?? 0)));
  }

  async create(userId: string, input: { name: string; color?: LabelColor }): Promise<Label> {
    const now = this.clock().toISOString();
    const row: LabelRow = {
      id: randomUUID(),
      user_id: userId,
      name: input.name,
      name_key: labelKey(input.name),
      color: input.color ?? DEFAULT_LABEL_COLOR,
      created_at: now,
      updated_at: now,
    };
    await this.write(async (trx) => {
      await takeTurn(trx, userId);
      const taken = await trx
        .selectFrom('labels')
        .select('id')
        .where('user_id', '=', userId)
        .where('name_key', '=', row.name_key)
        .executeTakeFirst();
      if (taken) throw labelExists(input.name);
      const { count } = await trx
        .selectFrom('labels')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= LIMITS.labelsPerUser) throw tooManyLabels();
      await trx.insertInto('labels').values(row).execute();
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? labelExists(input.name) : error;
    });
    return toLabelJson(row, 0);
  }

  async update(
    userId: string,
    labelId: string,
    patch: { name?: string; color?: LabelColor },
  ): Promise<Label> {
    const now = this.clock().toISOString();
    const changes: Partial<LabelRow> = { updated_at: now };
    if (patch.name !== undefined) {
      changes.name = patch.name;
      changes.name_key = labelKey(patch.name);
    }
    if (patch.color !== undefined) changes.color = patch.color;
    await this.write(async (trx) => {
      if (changes.name_key !== undefined) {
        const taken = await trx
          .selectFrom('labels')
          .select('id')
          .where('user_id', '=', userId)
          .where('name_key', '=', changes.name_key)
          .where('id', '!=', labelId)
          .executeTakeFirst();
        if (taken) throw labelExists(patch.name ?? '');
      }
      const result = await trx
        .updateTable('labels')
        .set(changes)
        .where('id', '=', labelId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound();
    }).catch((error: unknown) => {
      throw isUniqueViolation(error) ? labelExists(patch.name ?? '') : error;
    });
    const label = (await this.list(userId)).find((item) => item.id === labelId);
    if (!label) throw notFound();
    return label;
  }

  /** Deletes the label and takes it off every task (the tasks keep their versions). */
  async remove(userId: string, labelId: string): Promise<void> {
    const result = await this.write((trx) =>
      trx
        .deleteFrom('labels')
        .where('id', '=', labelId)
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    );
    if (Number(result.numDeletedRows) === 0) throw notFound();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    labels: LabelService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate('labels', new LabelService(app.database.db, app.database.write, app.clock));
  },
  { name: 'labels', dependencies: ['database', 'config'] },
);
