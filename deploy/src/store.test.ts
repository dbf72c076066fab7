import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { hasReleases, isReleaseFile, publishedVersions, ROOT, releaseStoreDir } from './store';
import { publish, tempStore, V1, V2, V3 } from './test-support/store';

describe('the release store', () => {
  it('lives in RELEASE_DIR, read from the repository root, or .releases/', () => {
    expect(releaseStoreDir({})).toBe(join(ROOT, '.releases'));
    expect(releaseStoreDir({ RELEASE_DIR: 'tmp/store' })).toBe(join(ROOT, 'tmp', 'store'));
    expect(releaseStoreDir({ RELEASE_DIR: '/srv/releases' })).toBe('/srv/releases');
  });

  it('lists published versions oldest first, ignoring unfinished or foreign folders', () => {
    const store = tempStore();
    for (const version of [V3, V1, V2]) publish(store, 'remote_goals', version);
    mkdirSync(join(store, 'remote_goals', '0.1.0-20261123.100000-ddddddd')); // no release.json yet
    mkdirSync(join(store, 'remote_goals', 'latest'));
    expect(publishedVersions(store, 'remote_goals')).toEqual([V1, V2, V3]);
    expect(publishedVersions(store, 'remote_tasks')).toEqual([]);
  });

  it('serves only files inside a release', () => {
    expect(isReleaseFile(`remote_goals/${V1}/mf-manifest.json`)).toBe(true);
    expect(isReleaseFile(`host/${V1}/static/js/index.js`)).toBe(true);
    expect(isReleaseFile('history.jsonl')).toBe(false);
    expect(isReleaseFile(`.staging/remote_goals-${V1}/remoteEntry.js`)).toBe(false);
    expect(isReleaseFile(`remote_goals/${V1}`)).toBe(false);
    expect(isReleaseFile(`remote_goals/${V1}/`)).toBe(false);
    expect(isReleaseFile(`evil/${V1}/x.js`)).toBe(false);
  });

  it('is in release mode once a registry names a live version (or is there but broken)', () => {
    const store = tempStore();
    expect(hasReleases(store)).toBe(false);
    writeFileSync(
      join(store, 'registry.json'),
      JSON.stringify({ apiBase: 'http://a', releaseBase: 'http://b', apps: {} }),
    );
    expect(hasReleases(store)).toBe(false);
    writeFileSync(
      join(store, 'registry.json'),
      JSON.stringify({
        apiBase: 'http://a',
        releaseBase: 'http://b',
        apps: { remote_goals: { live: V1 } },
      }),
    );
    expect(hasReleases(store)).toBe(true);
    writeFileSync(join(store, 'registry.json'), '{');
    expect(hasReleases(store)).toBe(true);
  });
});
