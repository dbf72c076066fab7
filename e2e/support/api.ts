// The API as a signed-in browser calls it, for specs that set up data without
// clicking through the pages: the page's cookies, and the allow-listed Origin
// an unsafe call must carry (the API's CSRF rule).
import { type APIRequestContext, expect } from '@playwright/test';
import type { Goal, GoalInput, Task, TaskInput } from '@stride/shared';
import { ORIGIN_HEADER } from './auth';
import { API_BASE } from './env';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** One call that must succeed; returns the JSON answer. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: Method,
  path: string,
  data?: object,
): Promise<T> {
  const response = await request.fetch(`${API_BASE}${path}`, {
    method,
    headers: ORIGIN_HEADER,
    ...(data ? { data } : {}),
  });
  expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

export const createGoal = (request: APIRequestContext, input: GoalInput) =>
  apiCall<{ goal: Goal }>(request, 'POST', '/goals/', input).then((answer) => answer.goal);

export const createTask = (request: APIRequestContext, input: TaskInput) =>
  apiCall<{ task: Task }>(request, 'POST', '/tasks/', input).then((answer) => answer.task);

export const readTask = (request: APIRequestContext, id: string) =>
  apiCall<{ task: Task }>(request, 'GET', `/tasks/${id}/`).then((answer) => answer.task);
