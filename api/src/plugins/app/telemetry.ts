// Remote loads reported by browsers (POST /telemetry/remote-loads/), and the
// figures the registry and its canary watcher read back: loads, failures and
// the 75th percentile load time of each version over a recent window.
import type { RemoteLoad, RemoteLoadStats } from '@stride/shared/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/time.js';

/** How long a reported load is kept. */
export const KEEP_REMOTE_LOADS_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** The value below which three quarters of the sorted values fall (nearest rank). */
export function p75(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

export class TelemetryService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
  ) {}

  async record(loads: readonly RemoteLoad[]): Promise<void> {
    const created_at = this.clock().toISOString();
    await this.db
      .insertInto('remote_loads')
      .values(
        loads.map((load) => ({
          app: load.app,
          version: load.version,
          outcome: load.outcome,
          phase: load.phase ?? null,
          duration_ms: load.duration_ms,
          created_at,
        })),
      )
      .execute();
  }

  /** Per app and version, the loads reported in the last `windowMs`. */
  async stats(windowMs: number): Promise<RemoteLoadStats[]> {
    const since = new Date(this.clock().getTime() - windowMs).toISOString();
    const rows = await this.db
      .selectFrom('remote_loads')
      .select(['app', 'version', 'outcome', 'duration_ms'])
      .where('created_at', '>=', since)
      .execute();
    const groups = new Map<
      string,
      { app: string; version: string; failures: number; durations: number[] }
    >();
    for (const row of rows) {
      const key = `${row.app}@${row.version}`;
      let group = groups.get(key);
      if (!group) {
        group = { app: row.app, version: row.version, failures: 0, durations: [] };
        groups.set(key, group);
      }
      group.durations.push(row.duration_ms);
      if (row.outcome === 'error') group.failures += 1;
    }
    return [...groups.values()]
      .map(({ app, version, failures, durations }) => ({
        app,
        version,
        loads: durations.length,
        failures,
        failure_rate: failures / durations.length,
        p75_ms: p75(durations.sort((a, b) => a - b)),
      }))
      .sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
  }

  async prune(): Promise<void> {
    const cutoff = new Date(this.clock().getTime() - KEEP_REMOTE_LOADS_MS).toISOString();
    await this.db.deleteFrom('remote_loads').where('created_at', '<', cutoff).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const service = new TelemetryService(app.database.db, app.clock);
    app.decorate('telemetry', service);
    const prune = () =>
      service.prune().catch((err: unknown) => app.log.warn({ err }, 'remote load prune failed'));
    app.addHook('onReady', prune);
    const timer = setInterval(prune, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'telemetry', dependencies: ['database', 'config'] },
);
