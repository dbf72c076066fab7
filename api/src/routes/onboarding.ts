// POST /onboarding/complete/ → {user} with onboarding_completed true. Idempotent.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { OnboardingInput } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import * as recordInput from '../lib/record-input.js';
import { toUserJson } from '../lib/user-json.js';
import * as valid from '../lib/validate.js';
import { onboardingSchema } from '../schemas/onboarding.js';

export default async function onboardingRoute(base: FastifyInstance) {
  // Request types come from the contract's schemas themselves (no hand-written generics).
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.post('/onboarding/complete/', { schema: onboardingSchema }, async (request) => {
    const body = request.body;
    const input: OnboardingInput = {
      first_name: valid.name('first_name', body.first_name),
      last_name: valid.name('last_name', body.last_name),
      username: valid.username(body.username),
      timezone: valid.timezone(body.timezone),
      first_goal: body.first_goal && {
        title: recordInput.title(body.first_goal.title, 'first_goal.title'),
        target_date: body.first_goal.target_date ?? null,
      },
    };
    const userId = request.userId;
    const user = await app.users.completeOnboarding(userId, input);
    app.sessions.forgetUser(userId);
    return { user: toUserJson(user) };
  });
}
