// GET /health/: the contract's health body, with both statuses it answers.
import { HealthSchema } from '@stride/shared/contract';

export const healthSchema = {
  tags: ['health'],
  summary: '200 when healthy or degraded, 503 when unhealthy; the body always',
  response: { 200: HealthSchema, 503: HealthSchema },
} as const;
