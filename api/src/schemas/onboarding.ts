// POST /onboarding/complete/: the contract's onboarding body.
import { OnboardingSchema } from '@stride/shared/contract';
import { errorResponses, userEnvelope } from './common.js';

export const onboardingSchema = {
  tags: ['onboarding'],
  summary: 'Finish onboarding (idempotent)',
  body: OnboardingSchema,
  response: { 200: userEnvelope, ...errorResponses(409, 503) },
} as const;
