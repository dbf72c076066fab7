import { HttpResponse, http } from 'msw';
import { network } from './network';

/** A request as the fake network saw it. */
export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  /** The body as text; undefined when there was none. */
  body: string | undefined;
}

type Reply = Response | ((request: Request) => Response | Promise<Response>);

/**
 * Answers the next requests, whatever their address, with these replies in
 * order, and records each — for code whose order of calls is the point (the
 * API client, the auth store). A request after the last reply is unanswered,
 * and fails the test. Route-keyed fakes for pages: fakeApi.
 */
export function stubFetch(...replies: Reply[]) {
  const calls: SeenRequest[] = [];
  network.use(
    http.all('*', async ({ request }) => {
      const reply = replies.shift();
      if (reply === undefined) return undefined;
      const body = await request.clone().text();
      calls.push({
        url: request.url,
        method: request.method,
        headers: request.headers,
        body: body === '' ? undefined : body,
      });
      return typeof reply === 'function' ? reply(request) : reply;
    }),
  );
  return { calls };
}

/** A server that never answers: the request only ends when the client aborts it. */
export function hanging(): (request: Request) => Promise<Response> {
  return (request) =>
    new Promise<Response>((resolve) => {
      request.signal.addEventListener('abort', () => resolve(HttpResponse.error()));
    });
}
