// /goals/: list, create, read, update (version-checked), soft delete, restore.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { GoalPatch } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import * as input from '../lib/record-input.js';
import {
  createGoalSchema,
  deleteGoalSchema,
  getGoalSchema,
  listGoalsSchema,
  restoreGoalSchema,
  updateGoalSchema,
} from '../schemas/goals.js';

type GoalBody = Partial<GoalPatch>;

function fieldsOf(body: GoalBody) {
  return {
    ...(body.title !== undefined ? { title: input.title(body.title) } : {}),
    ...(body.description !== undefined
      ? {
          description: input.longText(body.description, 'description', input.LIMITS.descriptionMax),
        }
      : {}),
    ...(body.target_date !== undefined ? { target_date: body.target_date } : {}),
  };
}

export default async function goalRoutes(base: FastifyInstance) {
  // Request types come from the contract's schemas themselves (no hand-written generics).
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.get('/goals/', { schema: listGoalsSchema }, async (request, reply) => {
    const { status, cursor, limit } = request.query;
    const query = {
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
      limit: input.pageSize(limit),
    };
    const userId = request.userId;
    return app.listCache.send(reply, userId, `goals ${JSON.stringify(query)}`, () =>
      app.goals.list(userId, query),
    );
  });

  app.post('/goals/', { schema: createGoalSchema }, async (request, reply) => {
    const goal = await app.goals.create(request.userId, {
      ...fieldsOf(request.body),
      title: input.title(request.body.title),
    });
    return reply.code(201).send({ goal });
  });

  app.get('/goals/:id/', { schema: getGoalSchema }, async (request) => ({
    goal: await app.goals.get(request.userId, request.params.id),
  }));

  app.patch('/goals/:id/', { schema: updateGoalSchema }, async (request, reply) => {
    const { body } = request;
    const patch: GoalPatch = {
      ...fieldsOf(body),
      ...(body.status !== undefined ? { status: body.status } : {}),
      version: body.version,
    };
    const result = await app.goals.update(request.userId, request.params.id, patch);
    if ('conflict' in result) {
      return reply.code(409).send({
        error: 'This goal was changed elsewhere',
        code: 'version_conflict',
        current: result.conflict,
      });
    }
    return result;
  });

  app.delete('/goals/:id/', { schema: deleteGoalSchema }, async (request) => ({
    goal: await app.goals.remove(
      request.userId,
      request.params.id,
      request.query.delete_tasks === 'true',
    ),
  }));

  app.post('/goals/:id/restore/', { schema: restoreGoalSchema }, async (request) => ({
    goal: await app.goals.restore(request.userId, request.params.id),
  }));
}
