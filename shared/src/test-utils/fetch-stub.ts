import { rs } from '@rstest/core';

type Reply = Response | Error | ((init: RequestInit) => Response | Promise<Response>);

/** Replaces global fetch with a queue of replies, and records every call. */
export function stubFetch(...replies: Reply[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchMock = rs.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    const reply = replies.shift();
    if (reply === undefined)
      throw new Error(`Unexpected request: ${init.method ?? 'GET'} ${String(input)}`);
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply(init) : reply;
  });
  rs.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A server that never answers: the request only ends when it is aborted. */
export function hanging(): (init: RequestInit) => Promise<Response> {
  return (init) =>
    new Promise<Response>((_, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(new DOMException('aborted', 'AbortError')),
      );
    });
}
