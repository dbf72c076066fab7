import { http } from 'msw';
import { network } from './network';

/** One API request as a page made it: `key` is "METHOD /path/?query" (after /api). */
export interface ApiCall {
  key: string;
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (request: {
  url: URL;
  body: unknown;
  request: Request;
}) => Response | Promise<Response>;
type Reply = Response | Handler;

/**
 * A fake Stride API for page tests, keyed by "METHOD /path/" (any query) or
 * "METHOD /path/?query" (that query only; it wins over the bare path). A key
 * answers from its list in order and then repeats its last reply, so a
 * background refetch after a write needs no bookkeeping. A request no key
 * matches is unanswered, and fails the test.
 */
export function fakeApi(routes: Record<string, Reply | Reply[]>) {
  const calls: ApiCall[] = [];
  const queues = new Map(
    Object.entries(routes).map(([key, reply]) => [
      key,
      Array.isArray(reply) ? [...reply] : [reply],
    ]),
  );
  network.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const path = `${request.method} ${url.pathname.replace(/^\/api/, '')}`;
      const queue = queues.get(`${path}${url.search}`) ?? queues.get(path);
      const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!reply) return undefined;
      const text = await request.clone().text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      calls.push({ key: `${path}${url.search}`, method: request.method, url, body });
      return typeof reply === 'function' ? reply({ url, body, request }) : reply.clone();
    }),
  );
  const callsTo = (key: string) => calls.filter((call) => call.key === key);
  return { calls, callsTo };
}

/**
 * The API reads among these calls ("/path/?query", after /api), sorted: what
 * a page's `first-requests.json` lists (docs/architecture.md §2, "First load").
 */
export const readsOf = (calls: readonly ApiCall[]): string[] =>
  calls
    .filter((call) => call.method === 'GET')
    .map((call) => call.key.slice('GET '.length))
    .sort();
