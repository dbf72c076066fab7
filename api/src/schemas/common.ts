import { LIMITS, PROFILE_LIMITS, rawMax } from '@stride/shared/limits';

// Schemas shared by many routes. They are registered with `addSchema` so the
// OpenAPI document names them, and referenced as `{ $ref: 'User#' }`.
export const errorSchema = {
  $id: 'Error',
  type: 'object',
  required: ['error', 'code'],
  properties: {
    error: { type: 'string', description: 'Human-readable message' },
    code: { type: 'string', description: 'Machine-readable code' },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
  },
} as const;

export const userSchema = {
  $id: 'User',
  type: 'object',
  required: [
    'id',
    'email',
    'username',
    'first_name',
    'last_name',
    'full_name',
    'profile_picture',
    'onboarding_completed',
    'created_at',
  ],
  properties: {
    id: { type: 'string' },
    email: { type: ['string', 'null'] },
    username: { type: ['string', 'null'] },
    first_name: { type: ['string', 'null'] },
    last_name: { type: ['string', 'null'] },
    full_name: { type: ['string', 'null'] },
    profile_picture: { type: ['string', 'null'] },
    timezone: { type: ['string', 'null'] },
    onboarding_completed: { type: 'boolean' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const userEnvelope = {
  type: 'object',
  required: ['user'],
  properties: { user: { $ref: 'User#' } },
} as const;

export const okSchema = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' } },
} as const;

/** One `Error` response schema per listed status code. */
export function errorResponses(...codes: number[]): Record<number, { $ref: string }> {
  return Object.fromEntries(codes.map((code) => [code, { $ref: 'Error#' }]));
}

/**
 * Profile fields as they arrive (onboarding, profile updates): raw caps from
 * the one limits module; lib/validate.ts trims and checks the limits themselves.
 */
export const profileFields = {
  name: { type: 'string', maxLength: rawMax(PROFILE_LIMITS.nameMax) },
  nullableName: { type: ['string', 'null'], maxLength: rawMax(PROFILE_LIMITS.nameMax) },
  username: { type: 'string', maxLength: rawMax(PROFILE_LIMITS.usernameMax) },
  timezone: { type: ['string', 'null'], maxLength: PROFILE_LIMITS.timezoneMax },
  pictureUrl: { type: ['string', 'null'], maxLength: LIMITS.urlMax },
} as const;
