import { getRuntimeConfig } from '../config/runtime-config';
import { HTTP_TIMEOUT_MS } from '../constants';

/**
 * Answers started before the page that reads them has rendered
 * (docs/architecture.md §2, "First load"): the host starts the first page's
 * API reads as soon as the session check says the page will show, and the
 * page's own request for the same path takes the answer on its way instead
 * of asking again after its first render.
 *
 * Each answer is taken once, only within EARLY_ANSWERS.maxAgeMs of its
 * start, and all are dropped by any write (which could make them stale) or
 * a change of user. An answer nobody takes is let go, never used late.
 */
export const EARLY_ANSWERS = {
  /** Reads started at once: a page's first render makes a handful. */
  max: 8,
  /** How long an answer started early may stand in for a page's own request. */
  maxAgeMs: 10_000,
} as const;

interface EarlyAnswer {
  response: Promise<Response>;
  expiry: ReturnType<typeof setTimeout>;
}

const answers = new Map<string, EarlyAnswer>();
/** GET paths the client is asking for now, and how many times. */
const asking = new Map<string, number>();

/**
 * Notes that the client is asking for `path` itself until the returned
 * function is called: a page sent as HTML may ask before the session check
 * answers, and its read is then not started a second time.
 */
export function askingFor(path: string): () => void {
  asking.set(path, (asking.get(path) ?? 0) + 1);
  return () => {
    const left = (asking.get(path) ?? 1) - 1;
    if (left > 0) asking.set(path, left);
    else asking.delete(path);
  };
}

/** Starts these GET reads (paths below the API base) for the page about to render. */
export function startEarlyAnswers(paths: readonly string[]): void {
  for (const path of paths.slice(0, EARLY_ANSWERS.max)) {
    if (answers.has(path) || asking.has(path)) continue;
    const response = fetch(`${getRuntimeConfig().apiBase}${path}`, {
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    // A failed early read is the page's own request to make; never unhandled.
    response.catch(() => undefined);
    const expiry = setTimeout(() => answers.delete(path), EARLY_ANSWERS.maxAgeMs);
    answers.set(path, { response, expiry });
  }
}

/** The answer started early for this GET path, once; undefined if none is waiting. */
export function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const answer = answers.get(path);
  if (!answer) return undefined;
  answers.delete(path);
  clearTimeout(answer.expiry);
  return answer.response;
}

/** Drops every waiting answer: a write happened, or the user changed. */
export function dropEarlyAnswers(): void {
  for (const answer of answers.values()) clearTimeout(answer.expiry);
  answers.clear();
}
