import { LIMITS, rawMax } from '@stride/shared/limits';
import { errorResponses, profileFields, userEnvelope } from './common.js';

export const onboardingSchema = {
  tags: ['onboarding'],
  summary: 'Finish onboarding (idempotent)',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['first_name', 'last_name', 'username'],
    properties: {
      first_name: profileFields.name,
      last_name: profileFields.name,
      username: profileFields.username,
      timezone: profileFields.timezone,
      first_goal: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', maxLength: rawMax(LIMITS.titleMax) },
          target_date: { type: ['string', 'null'], format: 'date' },
        },
      },
    },
  },
  response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 409, 415, 503) },
} as const;
