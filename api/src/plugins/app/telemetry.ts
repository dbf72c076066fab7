// Remote loads reported by browsers (POST /telemetry/remote-loads/), and the
// figures the registry and its canary watcher read back per version over a
// recent window.
//
// Reports cannot be authenticated, so the figures count browsers, not
// reports (REMOTE_LOADS): a browser — its random id with its address — counts
// once per version, as failing when most of its loads of that version failed;
// one that reports more loads than a person could is left out; an address
// counts as a few browsers at most. Fifty forged errors are one failing
// browser, and a flood of "ok" keeps nothing alive. The figures are computed
// by the database over the window, and the table is capped (oldest rows out
// first), so a flood costs neither memory nor the watcher's time.
import { createHash } from 'node:crypto';
import type { RemoteLoad, RemoteLoadStats } from '@stride/shared/contract';
import { REMOTE_LOADS } from '@stride/shared/limits';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addressKey } from '../../lib/address.js';
import type { Clock } from '../../lib/time.js';

/** How long a reported load is kept. */
export const KEEP_REMOTE_LOADS_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

/** Who reported: the browser's id (absent from older hosts) and the request's address. */
export interface Reporter {
  clientId: string | undefined;
  address: string;
}

/** A short, stable pseudonym: the figures need to tell browsers apart, never to know them. */
const pseudonym = (text: string) =>
  createHash('sha256').update(text).digest('base64url').slice(0, 22);

/** One browser's loads of one version in the window, as the database counts them. */
interface ClientRow {
  app: string;
  version: string;
  loads: number | string;
  errors: number | string;
  duration_ms: number | string;
}

/** The value below which three quarters of the sorted values fall (nearest rank). */
export function p75(sorted: readonly number[]): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.ceil(sorted.length * 0.75) - 1] ?? null;
}

export interface TelemetryLimits {
  clientsPerAddress: number;
  rowsMax: number;
}

export class TelemetryService {
  /** Rows this instance added since it last checked the cap. */
  private sinceCapCheck = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly limits: TelemetryLimits,
  ) {}

  async record(loads: readonly RemoteLoad[], reporter: Reporter): Promise<void> {
    const created_at = this.clock().toISOString();
    const origin = pseudonym(addressKey(reporter.address));
    const client = pseudonym(`${origin}\n${reporter.clientId ?? ''}`);
    await this.db
      .insertInto('remote_loads')
      .values(
        loads.map((load) => ({
          app: load.app,
          version: load.version,
          outcome: load.outcome,
          phase: load.phase ?? null,
          duration_ms: load.duration_ms,
          client,
          origin,
          created_at,
        })),
      )
      .execute();
    this.sinceCapCheck += loads.length;
    if (this.sinceCapCheck >= REMOTE_LOADS.rowsCheckEvery) {
      this.sinceCapCheck = 0;
      await this.cap();
    }
  }

  /**
   * Per app and version, the browsers that reported loads in the last
   * `windowMs` (see above). The database reads the window once, in the order
   * of its per-browser index, and hands back one row per counted browser; the
   * 75th percentile load time is over those browsers' average times, so one
   * browser's flood of fast loads cannot move it either.
   */
  async stats(windowMs: number): Promise<RemoteLoadStats[]> {
    const since = new Date(this.clock().getTime() - windowMs).toISOString();
    const loadsMax = Math.max(
      1,
      Math.floor((windowMs / 60_000) * REMOTE_LOADS.clientLoadsPerMinuteMax),
    );
    const { rows } = await sql<ClientRow>`
      with per_client as (
        select app, version, client, origin, count(*) as loads,
          sum(case when outcome = 'error' then 1 else 0 end) as errors,
          avg(duration_ms) as duration_ms
        from remote_loads
        where created_at >= ${since}
        group by app, version, client, origin
        having count(*) <= ${loadsMax}
      )
      select app, version, loads, errors, duration_ms from (
        select per_client.*,
          row_number() over (partition by app, version, origin order by client) as nth
        from per_client
      ) ranked
      where nth <= ${this.limits.clientsPerAddress}
    `.execute(this.db);
    const versions = new Map<
      string,
      {
        app: string;
        version: string;
        failing: number;
        loads: number;
        failures: number;
        times: number[];
      }
    >();
    for (const row of rows) {
      const key = `${row.app}@${row.version}`;
      let entry = versions.get(key);
      if (!entry) {
        entry = {
          app: row.app,
          version: row.version,
          failing: 0,
          loads: 0,
          failures: 0,
          times: [],
        };
        versions.set(key, entry);
      }
      // PostgreSQL's count and sum are bigints, which its driver gives as text.
      const loads = Number(row.loads);
      const errors = Number(row.errors);
      entry.loads += loads;
      entry.failures += errors;
      if (errors * 2 > loads) entry.failing += 1;
      entry.times.push(Math.round(Number(row.duration_ms)));
    }
    return [...versions.values()]
      .map(({ app, version, failing, loads, failures, times }) => ({
        app,
        version,
        clients: times.length,
        failing_clients: failing,
        loads,
        failures,
        failure_rate: loads ? failures / loads : 0,
        p75_ms: p75(times.sort((a, b) => a - b)),
      }))
      .sort((a, b) => a.app.localeCompare(b.app) || a.version.localeCompare(b.version));
  }

  /** Drops loads older than a day, and the oldest beyond the cap. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock().getTime() - KEEP_REMOTE_LOADS_MS).toISOString();
    await this.db.deleteFrom('remote_loads').where('created_at', '<', cutoff).execute();
    await this.cap();
  }

  /** Keeps the newest `rowsMax` rows (each instance checks every REMOTE_LOADS.rowsCheckEvery rows it adds). */
  async cap(): Promise<void> {
    const oldestKept = await this.db
      .selectFrom('remote_loads')
      .select('id')
      .orderBy('id', 'desc')
      .offset(this.limits.rowsMax - 1)
      .limit(1)
      .executeTakeFirst();
    if (oldestKept) {
      await this.db.deleteFrom('remote_loads').where('id', '<', oldestKept.id).execute();
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    telemetry: TelemetryService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    const service = new TelemetryService(app.database.db, app.clock, app.config.telemetry);
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
