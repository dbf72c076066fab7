import type { RemoteLoad } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';
import { type FinishedLoad, onFinishedLoad, settleUnrendered } from './remote-loads';
import { telemetryClientId } from './telemetry-id';

/** A batch waits this long for company before it is sent. */
export const FLUSH_DELAY_MS = 2_000;

export interface ReportOptions {
  apiBase: string;
  /** The release version this browser runs of a remote, or null when none manages it. */
  versionOf: (app: string) => string | null;
  /** The browser's telemetry id; by default the one kept in localStorage. */
  clientId?: string;
}

/**
 * Sends every finished remote load to the API in small batches (docs/architecture.md §9):
 * a couple of seconds after the first, at once when a batch is full, and with
 * `keepalive` when the page is hidden or goes away, so the last loads of a
 * closing tab still arrive. No cookies and no user data: app, version,
 * outcome, failed phase, duration, under the browser's random telemetry id.
 * Telemetry must never trouble the user, so a failed send is dropped, not
 * retried or shown.
 */
export function reportRemoteLoads({
  apiBase,
  versionOf,
  clientId = telemetryClientId(),
}: ReportOptions): () => void {
  const url = `${apiBase}${REMOTE_LOADS.path}`;
  const queue: RemoteLoad[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const send = (loads: RemoteLoad[], keepalive: boolean) => {
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client: clientId, loads }),
      credentials: 'omit',
      keepalive,
    }).catch(() => {
      // Offline, blocked or rate-limited: these figures are not worth a retry.
    });
  };

  const flush = (keepalive = false) => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.length > 0) send(queue.splice(0, REMOTE_LOADS.batchMax), keepalive);
  };

  const add = (load: FinishedLoad) => {
    queue.push({
      app: load.app as RemoteLoad['app'],
      version: versionOf(load.app) ?? 'local',
      outcome: load.outcome,
      ...(load.phase ? { phase: load.phase } : {}),
      duration_ms: load.durationMs,
    });
    if (queue.length >= REMOTE_LOADS.batchMax) flush();
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };

  const leaving = () => {
    settleUnrendered();
    flush(true);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') leaving();
  };

  const unsubscribe = onFinishedLoad(add);
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', leaving);
  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', leaving);
    flush();
  };
}
