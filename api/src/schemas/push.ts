// The /push routes: the contract's schemas with what only the API adds.
import {
  PushEndpointSchema,
  PushKeySchema,
  PushSubscriptionInputSchema,
} from '@stride/shared/contract';
import { errorResponses } from './common.js';

const noContent = (description: string) => ({ type: 'null', description }) as const;

export const pushKeySchema = {
  tags: ['push'],
  summary: "The server's Web Push (VAPID) public key, for `pushManager.subscribe`",
  response: { 200: PushKeySchema, ...errorResponses(503) },
} as const;

export const subscribeSchema = {
  tags: ['push'],
  summary: "Keep this browser's push subscription for the signed-in user",
  description:
    'Idempotent per endpoint: new keys replace the old, and an endpoint another account had moves to this one. ' +
    'An account keeps its newest 20 browsers. The endpoint must belong to a known push service ' +
    '(400 `push_service_not_allowed`), the keys must be a P-256 public key and a 16-byte secret (400 `invalid_push_keys`).',
  body: PushSubscriptionInputSchema,
  response: { 204: noContent('Kept'), ...errorResponses(400, 503) },
} as const;

export const unsubscribeSchema = {
  tags: ['push'],
  summary: "Forget this browser's push subscription (also when it was never kept)",
  body: PushEndpointSchema,
  response: { 204: noContent('Forgotten'), ...errorResponses(400, 503) },
} as const;
