// Pages with data (docs/architecture.md §2): a remote release's server bundle
// renders its page from the user's answers, per request. The bundle is a
// team's code, so it runs in a worker thread, never on the server's own
// event loop: a render that is late or throws costs that one page its data
// (the server sends the page as built), never the server. A late render
// may still finish (a bundle's first load is slow on a busy machine, and
// the pages after it are fast); a worker that has not answered within
// HANG_LIMIT_MS is ended, and the next render starts a new one, with no human.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PageAnswers } from '@stride/shared/server-html';

export interface RenderedPage {
  html: string;
  state: unknown;
}

export interface PageRenderer {
  /** The page rendered by the bundle at `bundle` (a path); null on any failure or if later than `timeoutMs`. */
  render(
    bundle: string,
    page: string,
    answers: PageAnswers,
    timeoutMs: number,
  ): Promise<RenderedPage | null>;
  /** Loads a bundle ahead of its first page, so that page is not the one that waits for it. */
  warm(bundle: string): void;
  close(): Promise<void>;
}

/** How long a worker may leave a render unanswered before it is taken as hung and replaced. */
export const HANG_LIMIT_MS = 5_000;

/** The most HTML one page may be: far above any real page, so a runaway render is cut off. */
export const MAX_PAGE_HTML = 512 * 1024;

/** Bundles a worker loads before it is replaced: each keeps its own React in memory. */
const MAX_BUNDLES_PER_WORKER = 8;

// Plain JavaScript, evaluated as the worker's script: nothing to resolve on disk.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', async ({ id, bundle, page, answers }) => {
  try {
    const { renderPageWithData } = await import(bundle);
    const rendered = page !== null && typeof renderPageWithData === 'function' ? renderPageWithData(page, answers) : null;
    parentPort.postMessage({ id, rendered: rendered ?? null });
  } catch (error) {
    parentPort.postMessage({ id, rendered: null, error: String(error && error.message || error) });
  }
});
`;

function isRenderedPage(value: unknown): value is RenderedPage {
  const page = value as Partial<RenderedPage> | null;
  return (
    typeof page?.html === 'string' &&
    page.html.length <= MAX_PAGE_HTML &&
    page.state !== null &&
    typeof page.state === 'object'
  );
}

export function createPageRenderer({
  onError = () => {},
  hangLimitMs = HANG_LIMIT_MS,
}: {
  onError?: (message: string) => void;
  hangLimitMs?: number;
} = {}): PageRenderer {
  let worker: Worker | undefined;
  let bundles = new Set<string>();
  let nextId = 0;
  const pending = new Map<number, (page: RenderedPage | null) => void>();

  function endWorker(): void {
    const ending = worker;
    worker = undefined;
    bundles = new Set();
    for (const settle of pending.values()) settle(null);
    pending.clear();
    void ending?.terminate();
  }

  function workerFor(bundle: string): Worker {
    if (worker && !bundles.has(bundle) && bundles.size >= MAX_BUNDLES_PER_WORKER) endWorker();
    if (!worker) {
      const started = new Worker(WORKER_SOURCE, {
        eval: true,
        resourceLimits: { maxOldGenerationSizeMb: 256 },
      });
      // The server's life is its own: an idle worker never keeps it running.
      started.unref();
      started.on('message', (message: { id: number; rendered: unknown; error?: string }) => {
        if (message.error) onError(`page render failed: ${message.error}`);
        const settle = pending.get(message.id);
        pending.delete(message.id);
        settle?.(isRenderedPage(message.rendered) ? message.rendered : null);
      });
      started.on('error', (error) => {
        onError(`page renderer stopped: ${error.message}`);
        if (worker === started) endWorker();
      });
      started.on('exit', () => {
        if (worker === started) endWorker();
      });
      worker = started;
    }
    bundles.add(bundle);
    return worker;
  }

  /** Sends one message; `settle` gets the answer, or null if the worker goes first. */
  function send(
    bundle: string,
    page: string | null,
    answers: PageAnswers,
    settle: (rendered: RenderedPage | null) => void,
  ): void {
    const id = nextId++;
    const running = workerFor(bundle);
    const watchdog = setTimeout(() => {
      if (!pending.has(id) || worker !== running) return;
      onError(`a page render did not answer in ${hangLimitMs} ms: its worker is replaced`);
      endWorker();
    }, hangLimitMs);
    watchdog.unref();
    pending.set(id, (rendered) => {
      clearTimeout(watchdog);
      settle(rendered);
    });
    running.postMessage({ id, bundle: pathToFileURL(bundle).href, page, answers });
  }

  return {
    render(bundle, page, answers, timeoutMs) {
      return new Promise((resolve) => {
        // Late: the page goes as built; the render may still finish (and its bundle stay loaded).
        const late = setTimeout(() => resolve(null), timeoutMs);
        send(bundle, page, answers, (rendered) => {
          clearTimeout(late);
          resolve(rendered);
        });
      });
    },
    warm(bundle) {
      if (!worker || !bundles.has(bundle)) send(bundle, null, {}, () => {});
    },
    async close() {
      endWorker();
    },
  };
}

let processRenderer: PageRenderer | undefined;

/** This process's renderer: one worker thread for every server in it. */
export function pageRenderer(): PageRenderer {
  processRenderer ??= createPageRenderer({
    onError: (message) => console.error(`stride: ${message}`),
  });
  return processRenderer;
}
