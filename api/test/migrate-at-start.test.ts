import { describe, expect, it } from '@rstest/core';
import type { MigrationResultSet } from 'kysely/migration';
import { isConnectionFailure, migrateAtStart, START_ATTEMPTS } from '../src/db/migrate-at-start.js';

const timeout = () => new Error('Connection terminated due to connection timeout');
const refused = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A migrator that answers each call with the next of `outcomes` (an error, or success). */
function migrator(outcomes: (Error | null)[]) {
  let calls = 0;
  const migrate = async (): Promise<MigrationResultSet> => {
    const outcome = outcomes[calls++] ?? null;
    return outcome ? { error: outcome } : { results: [] };
  };
  return { migrate, calls: () => calls };
}

const log = () => {
  const warned: unknown[] = [];
  return { warned, warn: (details: object) => warned.push(details) };
};

describe('migrations at start', () => {
  it('wait for a database that does not take a connection yet, then run', async () => {
    const waits: number[] = [];
    const { migrate, calls } = migrator([timeout(), refused(), null]);
    const logged = log();
    await migrateAtStart(migrate, logged, async (ms) => {
      waits.push(ms);
    });
    expect(calls()).toBe(3);
    expect(waits).toEqual([500, 1000]);
    expect(logged.warned).toHaveLength(2);
  });

  it('stop the start at once on a failure that is not a connection', async () => {
    const broken = new Error('relation "tasks" already exists');
    const { migrate, calls } = migrator([broken]);
    await expect(migrateAtStart(migrate, log(), async () => {})).rejects.toBe(broken);
    expect(calls()).toBe(1);
  });

  it('give up after a bounded number of tries', async () => {
    const { migrate, calls } = migrator(Array.from({ length: 10 }, timeout));
    await expect(migrateAtStart(migrate, log(), async () => {})).rejects.toThrow(/timeout/);
    expect(calls()).toBe(START_ATTEMPTS);
  });

  it('tell a connection that did not come from other errors', () => {
    expect(isConnectionFailure(timeout())).toBe(true);
    expect(isConnectionFailure(refused())).toBe(true);
    expect(isConnectionFailure(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(
      true,
    );
    expect(isConnectionFailure(new Error('syntax error at or near "x"'))).toBe(false);
    expect(isConnectionFailure('timeout')).toBe(false);
  });
});
