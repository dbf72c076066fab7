// How each remote version loads in users' browsers, as the API tallies the
// host's telemetry (GET {apiBase}/telemetry/remote-loads/stats/, behind the
// METRICS_TOKEN bearer): what `pnpm registry status` shows and what the
// canary watcher decides on. A registry command must work with no API at
// all, so every failure here is a reason to show, never an exception.
import type { RemoteLoadStats } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';

type Env = Record<string, string | undefined>;

/** The window status and the watcher look at. */
export const LOAD_WINDOW_MINUTES = 15;
const TIMEOUT_MS = 5_000;

export type LoadFigures =
  | { available: true; minutes: number; versions: RemoteLoadStats[] }
  | { available: false; reason: string };

/** A failure rate for people: `0 %`, `2.5 %`, `100 %` (a tenth of a percent below 10 %). */
export function formatRate(rate: number): string {
  const percent = rate * 100;
  return `${percent > 0 && percent < 10 ? Math.round(percent * 10) / 10 : Math.round(percent)} %`;
}

/** The figures of one version of one app, or null when no browser reported a load. */
export function figuresOf(
  figures: LoadFigures,
  app: string,
  version: string | undefined,
): RemoteLoadStats | null {
  if (!figures.available || !version) return null;
  return figures.versions.find((entry) => entry.app === app && entry.version === version) ?? null;
}

function isStats(value: unknown): value is { minutes: number; versions: RemoteLoadStats[] } {
  const body = value as { minutes?: unknown; versions?: unknown } | null;
  return typeof body?.minutes === 'number' && Array.isArray(body.versions);
}

/** Reads the figures of the last `minutes` from the API the registry's browsers report to. */
export async function fetchLoadFigures(
  apiBase: string,
  env: Env,
  minutes = LOAD_WINDOW_MINUTES,
  fetchImpl: typeof fetch = fetch,
): Promise<LoadFigures> {
  const token = env.METRICS_TOKEN;
  if (!token) {
    return { available: false, reason: "set METRICS_TOKEN (the API's) to see load figures" };
  }
  const url = `${apiBase}${REMOTE_LOADS.statsPath}?minutes=${minutes}`;
  let response: Response;
  try {
    response = await fetchImpl(url, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    return { available: false, reason: `the API at ${apiBase} did not answer (${why})` };
  }
  if (response.status === 401) {
    return { available: false, reason: `the API at ${apiBase} refused METRICS_TOKEN` };
  }
  if (response.status === 404) {
    return { available: false, reason: `the API at ${apiBase} has no METRICS_TOKEN set` };
  }
  const body: unknown = response.ok ? await response.json().catch(() => null) : null;
  if (!isStats(body)) {
    return { available: false, reason: `the API at ${apiBase} answered ${response.status}` };
  }
  return { available: true, minutes: body.minutes, versions: body.versions };
}
