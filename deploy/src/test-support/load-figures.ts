// A fake of the API's load figures route for the status and watcher tests:
// it answers like GET /telemetry/remote-loads/stats/ and records what was asked.
import type { RemoteLoadStats } from '@stride/shared/contract';

export const TOKEN = 'operator-token-0123456789';

/**
 * Figures of one version: `loads` loads of which `failures` failed, from one
 * browser per load unless `clients` says (the failing browsers: one per
 * failure, or all of them when there are fewer browsers than failures).
 */
export function stats(
  app: string,
  version: string,
  loads: number,
  failures: number,
  p75_ms: number | null = 180,
  clients = loads,
): RemoteLoadStats {
  return {
    app,
    version,
    clients,
    failing_clients: Math.min(failures, clients),
    loads,
    failures,
    failure_rate: loads ? failures / loads : 0,
    p75_ms,
  };
}

export function figuresApi(versions: RemoteLoadStats[] | ((url: string) => Response)): {
  fetch: typeof fetch;
  urls: string[];
  headers: Headers[];
} {
  const urls: string[] = [];
  const headers: Headers[] = [];
  const fetchImpl = (async (input: string | URL | Request, init?: RequestInit) => {
    urls.push(String(input));
    headers.push(new Headers(init?.headers));
    if (typeof versions === 'function') return versions(String(input));
    return Response.json({ minutes: 15, versions });
  }) as typeof fetch;
  return { fetch: fetchImpl, urls, headers };
}
