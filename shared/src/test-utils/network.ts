import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

const unanswered: string[] = [];

/**
 * The last handler, behind every test's own: a request no test expected is
 * written down (the test then fails, see network-setup.ts) and gets a network
 * error — it never reaches a real server, even one listening on that port.
 */
const nobodyExpectedIt = http.all('*', ({ request }) => {
  unanswered.push(`${request.method} ${request.url}`);
  return HttpResponse.error();
});

/** The network of every unit test: Mock Service Worker, answering only what a test declares. */
export const network = setupServer(nobodyExpectedIt);

/** The requests no test handler answered since the last call. */
export function takeUnanswered(): string[] {
  return unanswered.splice(0);
}

/** A reply that fails like a dropped connection (fetch rejects with a TypeError). */
export const networkError = (): Response => HttpResponse.error();

export function json(body: unknown, status = 200): Response {
  return HttpResponse.json(body as never, { status });
}
