// Request and response schemas of the /auth routes.
import {
  AuthStatusSchema,
  ProfileUpdateSchema,
  UsernameQuerySchema,
} from '@stride/shared/contract';
import { LIMITS } from '@stride/shared/limits';
import { errorResponses, okSchema, userEnvelope } from './common.js';

/** An OAuth parameter (code, state, id_token): protocol values, not user text. */
const param = { type: 'string', maxLength: 4096 } as const;

export const statusSchema = {
  tags: ['auth'],
  summary: 'Who is signed in (never 401)',
  response: {
    200: AuthStatusSchema,
    ...errorResponses(503),
  },
} as const;

export const initiateSchema = {
  tags: ['auth'],
  summary: 'Start a sign-in; the browser then navigates to authorization_url',
  body: {
    type: ['object', 'null'],
    additionalProperties: false,
    properties: { redirect_uri: { type: 'string', maxLength: LIMITS.urlMax } },
  },
  response: {
    200: {
      type: 'object',
      required: ['authorization_url'],
      properties: { authorization_url: { type: 'string' } },
    },
    ...errorResponses(503),
  },
} as const;

// The SPA forwards every parameter of its /auth/callback URL; providers add
// their own (Google: scope, authuser, prompt, hd), so unknown strings pass.
export const googleCallbackSchema = {
  tags: ['auth'],
  summary: 'Finish a Google sign-in with the parameters the SPA received',
  body: {
    type: 'object',
    required: ['state'],
    maxProperties: 20,
    properties: { code: param, state: param, iss: param, error: param },
    additionalProperties: param,
  },
  response: { 200: userEnvelope, ...errorResponses(503) },
} as const;

// Out of the OpenAPI document: no client calls it (Apple's form post does)
// and every answer, errors included, is a 303 (docs/architecture.md §4).
export const appleCallbackSchema = {
  hide: true,
  tags: ['auth'],
  summary: "Apple's form_post target; answers 303 to the SPA's /auth/success or /auth/error",
  body: {
    type: 'object',
    maxProperties: 20,
    properties: { code: param, state: param, user: param, iss: param, error: param },
    additionalProperties: param,
  },
  response: { 303: { type: 'null', description: 'Redirect to the SPA' } },
} as const;

export const updateProfileSchema = {
  tags: ['auth'],
  summary: "Update the signed-in user's profile",
  body: ProfileUpdateSchema,
  response: { 200: userEnvelope, ...errorResponses(409, 503) },
} as const;

export const usernameAvailableSchema = {
  tags: ['auth'],
  summary: 'Whether a username is free (validation as you type)',
  querystring: UsernameQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['available'],
      properties: { available: { type: 'boolean' }, reason: { type: 'string' } },
    },
    ...errorResponses(503),
  },
} as const;

export const logoutSchema = {
  tags: ['auth'],
  summary: 'End the current session',
  response: { 200: okSchema, ...errorResponses(503) },
} as const;

export const logoutAllSchema = {
  tags: ['auth'],
  summary: 'End every session of the user, on every device',
  response: { 200: okSchema, ...errorResponses(503) },
} as const;
