import { getRuntimeConfig } from '../config/runtime-config';
import { HTTP_TIMEOUT_MS } from '../constants';
import { LIVE_SYNC } from '../limits';
import type { ApiErrorBody } from '../types';
import { ApiError } from './api-error';
import { askingFor, dropEarlyAnswers, takeEarlyAnswer } from './early-answers';
import { TAB_ID } from './tab-id';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Defaults to the general HTTP timeout of docs/product.md §9. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Non-2xx statuses whose JSON body is still a valid answer (health's 503). */
  acceptStatuses?: readonly number[];
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).error === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  return text === '' ? undefined : JSON.parse(text);
}

/**
 * The early answer, or undefined when it failed (the caller then asks
 * itself); rejects when the caller gives up first, as its fetch would.
 */
function answered(early: Promise<Response>, signal: AbortSignal): Promise<Response | undefined> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    early
      .then(
        (response) => resolve(response),
        () => resolve(undefined),
      )
      .finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The one HTTP client: API base from the runtime config, cookies always sent,
 * a timeout on every call, and failures thrown as a typed `ApiError`. It has
 * no side effects (no toasts, no redirects): callers decide what users see.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = 'GET',
    body,
    timeoutMs = HTTP_TIMEOUT_MS,
    signal,
    acceptStatuses = [],
  } = options;
  // A read the host started early (early-answers.ts) is taken on its way;
  // a write makes any such answer stale.
  const early = method === 'GET' ? takeEarlyAnswer(path) : undefined;
  if (method !== 'GET') dropEarlyAnswers();
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const signals = signal ? [timeout.signal, signal] : [timeout.signal];
  const url = `${getRuntimeConfig().apiBase}${path}`;

  const requestSignal = AbortSignal.any(signals);

  let response: Response;
  const asked = method === 'GET' ? askingFor(path) : undefined;
  try {
    const earlyResponse = early && (await answered(early, requestSignal));
    response =
      earlyResponse ??
      (await fetch(url, {
        method,
        credentials: 'include',
        headers: {
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          // A write names this tab, so the change stream's echo of it can be skipped here.
          ...(method === 'GET' ? {} : { [LIVE_SYNC.clientHeader]: TAB_ID }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: requestSignal,
      }));
  } catch (cause) {
    if (timeout.signal.aborted)
      throw new ApiError('timeout', `${method} ${path} timed out after ${timeoutMs} ms`, { cause });
    throw new ApiError('network', `${method} ${path} could not reach the server`, { cause });
  } finally {
    clearTimeout(timer);
    asked?.();
  }

  let data: unknown;
  try {
    data = await readJson(response);
  } catch (cause) {
    if (!response.ok)
      throw new ApiError('http', `${method} ${path} answered ${response.status}`, {
        status: response.status,
        cause,
      });
    throw new ApiError('parse', `${method} ${path} answered with a body that is not JSON`, {
      status: response.status,
      cause,
    });
  }

  if (response.ok || acceptStatuses.includes(response.status)) return data as T;
  throw new ApiError('http', `${method} ${path} answered ${response.status}`, {
    status: response.status,
    body: isErrorBody(data) ? data : undefined,
  });
}
