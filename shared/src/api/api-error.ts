import { MESSAGES } from '../messages';
import type { ApiErrorBody } from '../types';

/**
 * Why a call failed, so callers can choose the right message:
 * - `timeout`: no answer within the time limit;
 * - `network`: the request never got an HTTP answer (server down, CORS, offline);
 * - `parse`: an answer came back but its body was not the JSON we expected;
 * - `http`: the server answered with an error status (body parsed when JSON).
 */
export type ApiErrorKind = 'timeout' | 'network' | 'parse' | 'http';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    options: { status?: number; body?: ApiErrorBody; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'ApiError';
    this.kind = kind;
    this.status = options.status;
    this.body = options.body;
  }

  /** Field-level messages from a 400/409 answer, if any. */
  get fields(): Record<string, string> {
    return this.body?.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The API's messages for the fields a form shows (a 400's or 409's `fields`),
 * keyed by the form's field names: the one mapping every form uses. `names`
 * maps an API field to the form's where they differ (`first_goal.title` →
 * `goal_title`); a message for a field the form does not show is dropped.
 */
export function fieldErrorsFrom<F extends string>(
  error: unknown,
  fields: readonly F[],
  names: Partial<Record<string, F>> = {},
): Partial<Record<F, string>> {
  const found: Partial<Record<F, string>> = {};
  for (const [apiField, message] of Object.entries(isApiError(error) ? error.fields : {})) {
    const field = names[apiField] ?? (apiField as F);
    if (fields.includes(field) && !found[field]) found[field] = message;
  }
  return found;
}

/**
 * The spec's "Cannot reach server" when a call never got an answer (network
 * down, timeout), else undefined: the one place that maps those failures to
 * words, for every form and toast.
 */
export function unreachableText(error: unknown): string | undefined {
  return isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')
    ? MESSAGES.networkError
    : undefined;
}

/** The `error` text of a JSON error answer, if the server sent one. */
export function serverErrorText(error: unknown): string | undefined {
  return isApiError(error) && typeof error.body?.error === 'string' ? error.body.error : undefined;
}
