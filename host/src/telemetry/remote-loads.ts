import type { RemoteLoad, RemoteLoadPhase } from '@stride/shared/contract';

/**
 * The life of each remote page load in this browser, from the federation
 * runtime's first hook to the page on screen, as the telemetry plugin and the
 * remote route see it. A load ends once: ok when its page rendered, or an
 * error with the phase that failed (manifest, entry, shared or render).
 *
 * Type imports only: the runtime plugin that feeds this runs before the
 * shared modules are negotiated. The reporter (report-remote-loads.ts) subscribes
 * once the app has booted; loads that end before that wait for it.
 */
export type LoadPhase = RemoteLoadPhase;

export interface FinishedLoad {
  /** The remote's federation name (`remote_goals`). */
  app: string;
  outcome: RemoteLoad['outcome'];
  phase?: LoadPhase;
  durationMs: number;
}

interface Pending {
  startedAt: number;
  /** The phase a hook saw fail before the load settled. */
  failedPhase?: LoadPhase;
  /** The module arrived; the load ends when its page renders or throws. */
  moduleLoaded: boolean;
}

type Listener = (load: FinishedLoad) => void;

const pending = new Map<string, Pending>();
let waiting: FinishedLoad[] = [];
let listener: Listener | null = null;
let now: () => number = () => performance.now();

/** `remote_goals/GoalsPage` → `remote_goals`. */
const appOf = (id: string) => id.split('/')[0] ?? id;

function finish(id: string, load: Omit<FinishedLoad, 'app' | 'durationMs'>): void {
  const entry = pending.get(id);
  if (!entry) return;
  pending.delete(id);
  const finished: FinishedLoad = {
    app: appOf(id),
    ...load,
    durationMs: Math.max(0, Math.round(now() - entry.startedAt)),
  };
  if (listener) listener(finished);
  else waiting.push(finished);
}

/** The runtime was asked for a remote module (a new load, or "Try again"). */
export function loadStarted(id: string): void {
  pending.set(id, { startedAt: now(), moduleLoaded: false });
}

/** A hook saw a phase fail; the load may still recover (the retry plugin). */
export function phaseFailed(id: string, phase: LoadPhase): void {
  const entry = pending.get(id);
  if (entry && !entry.moduleLoaded) entry.failedPhase ??= phase;
}

/** A shared module failed to load: every load still fetching code took part in it. */
export function sharedFailed(): void {
  for (const id of pending.keys()) phaseFailed(id, 'shared');
}

/**
 * The runtime is done with the request. An error, or a module the fallback
 * plugin stood in with, ends the load as failed; otherwise it waits for render.
 */
export function loadSettled(id: string, failed: boolean): void {
  const entry = pending.get(id);
  if (!entry) return;
  if (failed) finish(id, { outcome: 'error', phase: entry.failedPhase ?? 'entry' });
  else entry.moduleLoaded = true;
}

/** The page is on screen: the load succeeded (a repeat render of a settled load is ignored). */
export function pageRendered(id: string): void {
  if (pending.get(id)?.moduleLoaded) finish(id, { outcome: 'ok' });
}

/** The page threw while rendering for the first time after its load. */
export function pageFailed(id: string): void {
  if (pending.get(id)?.moduleLoaded) finish(id, { outcome: 'error', phase: 'render' });
}

/**
 * The page is going away: a load whose module arrived but whose page never
 * rendered (the user moved on first) saw no failure, so it counts as ok.
 */
export function settleUnrendered(): void {
  for (const [id, entry] of [...pending]) if (entry.moduleLoaded) finish(id, { outcome: 'ok' });
}

/** Hands every finished load, past and future, to `next`. One subscriber: the reporter. */
export function onFinishedLoad(next: Listener): () => void {
  listener = next;
  const past = waiting;
  waiting = [];
  for (const load of past) next(load);
  return () => {
    if (listener === next) listener = null;
  };
}

/** Tests only: forget every load and use `clock` for durations. */
export function resetRemoteLoads(clock: () => number = () => performance.now()): void {
  pending.clear();
  waiting = [];
  listener = null;
  now = clock;
}
