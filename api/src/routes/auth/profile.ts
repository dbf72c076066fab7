// PUT /auth/update-profile/ → {user}; GET /auth/username-available/?username=x.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ProfileUpdate } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import { toUserJson } from '../../lib/user-json.js';
import * as valid from '../../lib/validate.js';
import { updateProfileSchema, usernameAvailableSchema } from '../../schemas/auth.js';

export default async function profileRoutes(base: FastifyInstance) {
  // Request types come from the contract's schemas themselves (no hand-written generics).
  const app = base.withTypeProvider<TypeBoxTypeProvider>();
  app.put('/auth/update-profile/', { schema: updateProfileSchema }, async (request) => {
    const body = request.body;
    const patch: ProfileUpdate = {};
    if (body.first_name !== undefined) patch.first_name = valid.name('first_name', body.first_name);
    if (body.last_name !== undefined) {
      patch.last_name = body.last_name === null ? null : valid.name('last_name', body.last_name);
    }
    if (body.username !== undefined) patch.username = valid.username(body.username);
    if (body.profile_picture !== undefined)
      patch.profile_picture = valid.pictureUrl(body.profile_picture);
    if (body.timezone !== undefined) patch.timezone = valid.timezone(body.timezone);
    const userId = request.userId;
    const user = await app.users.updateProfile(userId, patch);
    app.sessions.forgetUser(userId);
    return { user: toUserJson(user) };
  });

  app.get('/auth/username-available/', { schema: usernameAvailableSchema }, async (request) => {
    const candidate = request.query.username.trim().toLowerCase();
    if (!valid.isUsername(candidate)) return { available: false, reason: 'invalid' };
    const available = await app.users.isUsernameAvailable(candidate, request.userId);
    return available ? { available } : { available, reason: 'taken' };
  });
}
