import { rs } from '@rstest/core';
import type { Goal, Page, Task } from '@stride/shared';
import { testGoal, testTask } from '@stride/shared/testing';

type Handler = (request: { url: URL; body: unknown }) => Response | Promise<Response>;

/**
 * A fake API keyed by "METHOD /path?query" (the part after /api). Each key
 * answers from its queue; the last reply repeats, so background refetches
 * after a write need no bookkeeping. A request nobody expected is recorded
 * in `unexpected` (tests assert it stays empty) and fails like a network error.
 */
export function fakeApi(routes: Record<string, Handler | Response | (Handler | Response)[]>) {
  const calls: { key: string; body: unknown }[] = [];
  const unexpected: string[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, reply]) => [
      key,
      Array.isArray(reply) ? [...reply] : [reply],
    ]),
  );
  rs.stubGlobal(
    'fetch',
    rs.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input));
      const key = `${init.method ?? 'GET'} ${url.pathname.replace(/^\/api/, '')}${url.search}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const queue = queues.get(key);
      const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!reply) {
        unexpected.push(key);
        throw new TypeError(`Unexpected request: ${key}`);
      }
      const response = typeof reply === 'function' ? await reply({ url, body }) : reply;
      return response.clone();
    }),
  );
  const callsTo = (key: string) => calls.filter((call) => call.key === key);
  return { calls, callsTo, unexpected };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const page = <T>(items: T[], next_cursor: string | null = null): Page<T> => ({
  items,
  next_cursor,
});

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return testGoal('g1', { title: 'Run a half marathon', ...overrides });
}

export function makeTask(overrides: Partial<Task> = {}): Task {
  return testTask('t1', { title: 'Run 5 km', goal_id: 'g1', ...overrides });
}
