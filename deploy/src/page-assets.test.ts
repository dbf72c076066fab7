import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { FIRST_REQUESTS_FILE, type Registry } from '@stride/shared/releases';
import {
  buildRequests,
  builtPageAssets,
  pageAssetsOf,
  releasePageAssets,
  servedPageAssets,
} from './page-assets';
import { describeBuild } from './release';
import { publish, tempStore, V1, V2, V3 } from './test-support/store';

/** remote-tasks' mf-manifest.json as `pnpm build` writes it, cut to the fields read here. */
const manifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [
    {
      name: 'TasksPage',
      path: './TasksPage',
      assets: {
        js: {
          sync: [
            'static/js/async/k.813a55996a.js',
            'static/js/async/__federation_expose_TasksPage.2550b03ae6.js',
          ],
          async: ['static/js/async/lib-router.10cf4ae5cf.js', 'static/js/async/e.7c03409a54.js'],
        },
        css: {
          sync: ['static/css/async/__federation_expose_TasksPage.62477fdcef.css'],
          async: ['static/css/async/w.d25aeacd2e.css'],
        },
      },
    },
    {
      name: 'commands',
      path: './commands',
      assets: {
        js: { sync: ['static/js/async/__federation_expose_commands.9c70803b0c.js'], async: [] },
        css: { sync: [], async: ['static/css/async/w.d25aeacd2e.css'] },
      },
    },
  ],
};

const TASKS_ASSETS = {
  entry: 'remoteEntry.js',
  pages: {
    TasksPage: [
      'static/js/async/k.813a55996a.js',
      'static/js/async/__federation_expose_TasksPage.2550b03ae6.js',
      'static/css/async/__federation_expose_TasksPage.62477fdcef.css',
    ],
    commands: ['static/js/async/__federation_expose_commands.9c70803b0c.js'],
  },
};

describe('release.json’s assets', () => {
  it('are each exposed module’s sync scripts and style sheets, not its lazy ones', () => {
    expect(pageAssetsOf(manifest)).toEqual(TASKS_ASSETS);
    expect(describeBuild(manifest).assets).toEqual(TASKS_ASSETS);
  });

  it('carry the pages’ first API reads the build copied beside its manifest', () => {
    const dist = tempStore();
    const reads = { TasksPage: ['/tasks/?sort=position&limit=50', '/labels/'] };
    writeFileSync(join(dist, FIRST_REQUESTS_FILE), JSON.stringify(reads));
    expect(describeBuild(manifest, buildRequests(dist)).assets).toEqual({
      ...TASKS_ASSETS,
      requests: reads,
    });
    expect(buildRequests(tempStore())).toBeUndefined();
  });

  it('place the entry in its folder, and are absent for a build with no entry (the host)', () => {
    const nested = { metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'federation/' } } };
    expect(pageAssetsOf(nested)?.entry).toBe('federation/remoteEntry.js');
    expect(pageAssetsOf({ metaData: { remoteEntry: { name: '', path: '' } } })).toBeUndefined();
    expect(describeBuild({})).toEqual({ exposes: [], singletons: {} });
  });

  it('leave out a page whose files are not plain paths in the release', () => {
    const odd = structuredClone(manifest);
    odd.exposes[1]?.assets.js.sync.push('../remote_goals/x.js');
    expect(Object.keys(pageAssetsOf(odd)?.pages ?? {})).toEqual(['TasksPage']);
  });
});

describe('reading a release’s assets', () => {
  it('reads them once per version: release folders never change', () => {
    const store = tempStore();
    publish(store, 'remote_tasks', V1, { assets: TASKS_ASSETS });
    expect(releasePageAssets(store, 'remote_tasks', V1)).toEqual(TASKS_ASSETS);
    writeFileSync(join(store, 'remote_tasks', V1, 'release.json'), '{}');
    expect(releasePageAssets(store, 'remote_tasks', V1)).toEqual(TASKS_ASSETS);
  });

  it('finds none in a release made before they were recorded, or in a broken record', () => {
    const store = tempStore();
    publish(store, 'remote_tasks', V1);
    publish(store, 'remote_tasks', V2);
    writeFileSync(join(store, 'remote_tasks', V2, 'release.json'), '{"assets":');
    publish(store, 'remote_tasks', V3, { assets: { ...TASKS_ASSETS, entry: '/x.js' } });
    for (const version of [V1, V2, V3]) {
      expect(releasePageAssets(store, 'remote_tasks', version)).toBeUndefined();
    }
  });

  it('finds a version published after it was first asked for', () => {
    const store = tempStore();
    expect(releasePageAssets(store, 'remote_tasks', V1)).toBeUndefined();
    publish(store, 'remote_tasks', V1, { assets: TASKS_ASSETS });
    expect(releasePageAssets(store, 'remote_tasks', V1)).toEqual(TASKS_ASSETS);
  });
});

describe('the deployment document’s assets', () => {
  const registry = (apps: Registry['apps']): Registry => ({
    apiBase: 'http://localhost:8000/api',
    releaseBase: 'http://localhost:3010',
    apps,
  });

  it('name the live and canary versions of each remote, not earlier ones or the host', () => {
    const store = tempStore();
    for (const version of [V1, V2, V3]) {
      publish(store, 'remote_tasks', version, { assets: TASKS_ASSETS });
      publish(store, 'host', version);
    }
    publish(store, 'remote_goals', V1);
    const served = servedPageAssets(
      store,
      registry({
        remote_tasks: { live: V2, canary: { version: V3, percent: 10 }, previous: [V1] },
        remote_goals: { live: V1, canary: null, previous: [] },
        host: { live: V1, canary: null, previous: [] },
      }),
    );
    expect(served).toEqual({ remote_tasks: { [V2]: TASKS_ASSETS, [V3]: TASKS_ASSETS } });
  });

  it('are empty without a registry', () => {
    expect(servedPageAssets(tempStore(), null)).toEqual({});
  });
});

describe('a build folder’s assets (served without releases)', () => {
  it('come from its manifest, are read again after a rebuild, and are absent without a build', () => {
    const dist = tempStore();
    expect(builtPageAssets(dist)).toBeUndefined();
    const file = join(dist, 'mf-manifest.json');
    writeFileSync(file, JSON.stringify(manifest));
    expect(builtPageAssets(dist)).toEqual(TASKS_ASSETS);

    // A rebuild: new hashes, a later modification time.
    const rebuilt = structuredClone(manifest);
    rebuilt.exposes[1]?.assets.js.sync.splice(
      0,
      1,
      'static/js/async/__federation_expose_commands.0a1b2c3d4e.js',
    );
    writeFileSync(file, JSON.stringify(rebuilt));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(builtPageAssets(dist)?.pages.commands).toEqual([
      'static/js/async/__federation_expose_commands.0a1b2c3d4e.js',
    ]);
  });

  it('are absent while the manifest is half written', () => {
    const dist = tempStore();
    writeFileSync(join(dist, 'mf-manifest.json'), '{"metaData":');
    expect(builtPageAssets(dist)).toBeUndefined();
  });
});
