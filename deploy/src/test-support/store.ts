// A release store in a temporary folder, with fake published releases: the
// commands read release.json (its presence, and the gate its compatibility
// record), so no build is needed here.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompatRecord } from '../gate';
import type { ReleaseInfo } from '../release-record';

/** What a fake release.json may say beyond the gate's record. */
type FakeRecord = Partial<CompatRecord> & Pick<ReleaseInfo, 'assets'>;

export const V1 = '0.1.0-20261120.100000-aaaaaaa';
export const V2 = '0.1.0-20261121.100000-bbbbbbb';
export const V3 = '0.1.0-20261122.100000-ccccccc';

export function tempStore(): string {
  return mkdtempSync(join(tmpdir(), 'stride-store-'));
}

/** A release.json that passes the gate beside the others made here, changed by `record`. */
export function compatRecord(app: string, version: string, record: FakeRecord = {}) {
  const base: CompatRecord =
    app === 'host'
      ? {
          app: 'host',
          version,
          exposes: [],
          singletons: { react: '19.3.1', zustand: '5.1.0' },
          shared_provides: ['Button', 'paths', 'useTasks'],
          routes: { remote_goals: ['./GoalsPage'], remote_tasks: ['./TasksPage'] },
        }
      : {
          app: app as CompatRecord['app'],
          version,
          exposes: ['./GoalsPage', './TasksPage'],
          singletons: { react: '19.3.1' },
          shared_needs: ['Button', 'paths'],
        };
  return { ...base, ...record };
}

export function publish(
  store: string,
  app: string,
  version: string,
  record: FakeRecord = {},
): void {
  const dir = join(store, app, version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'release.json'), JSON.stringify(compatRecord(app, version, record)));
  writeFileSync(join(dir, 'mf-manifest.json'), '{}');
}
