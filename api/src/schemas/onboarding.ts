import { errorResponses, userEnvelope } from './common.js';

export const onboardingSchema = {
  tags: ['onboarding'],
  summary: 'Finish onboarding (idempotent)',
  body: {
    type: 'object',
    additionalProperties: false,
    required: ['first_name', 'last_name', 'username'],
    properties: {
      first_name: { type: 'string', maxLength: 200 },
      last_name: { type: 'string', maxLength: 200 },
      username: { type: 'string', maxLength: 100 },
      timezone: { type: ['string', 'null'], maxLength: 64 },
      first_goal: {
        type: ['object', 'null'],
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', maxLength: 400 },
          target_date: { type: ['string', 'null'], format: 'date' },
        },
      },
    },
  },
  response: { 200: userEnvelope, ...errorResponses(400, 401, 403, 409, 415, 503) },
} as const;
