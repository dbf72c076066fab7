import { describe, expect, it } from '@rstest/core';
import {
  isApiRead,
  isAssetPath,
  PAGE_ASSET_LIMITS,
  parsePageAssets,
  parseRemotePageAssets,
  parseVersionedPageAssets,
} from './page-assets';
import { parseRegistry } from './registry';

const LIVE = '0.1.0-20261124.010000-aaaaaaa';
const CANARY = '0.1.0-20261124.020000-bbbbbbb';

const tasks = () => ({
  entry: 'remoteEntry.js',
  pages: {
    TasksPage: [
      'static/js/async/k.813a55996a.js',
      'static/js/async/__federation_expose_TasksPage.2550b03ae6.js',
      'static/css/async/__federation_expose_TasksPage.62477fdcef.css',
    ],
  },
});

describe('isAssetPath', () => {
  it('accepts the paths a build writes, inside the release folder', () => {
    expect(isAssetPath('remoteEntry.js', ['.js'])).toBe(true);
    expect(isAssetPath('static/css/async/w.d25aeacd2e.css', ['.js', '.css'])).toBe(true);
  });

  it.each([
    '../remote_goals/x.js',
    'static/../../x.js',
    '/static/x.js',
    'https://evil.example/x.js',
    '//evil.example/x.js',
    'x.js?y',
    '.hidden.js',
    'static//x.js',
    'static\\x.js',
    'x.css',
    `${'a/'.repeat(PAGE_ASSET_LIMITS.pathLength)}x.js`,
  ])('refuses %s as a script', (path) => {
    expect(isAssetPath(path, ['.js'])).toBe(false);
  });
});

describe('isApiRead', () => {
  it('accepts the reads a page makes below the API base', () => {
    for (const read of [
      '/dashboard/',
      '/tasks/?sort=position&limit=50',
      '/goals/?limit=100',
      '/labels/',
    ])
      expect(isApiRead(read)).toBe(true);
  });

  it('refuses anything that could leave the API: another origin, a way up, a fragment', () => {
    for (const read of [
      'tasks/',
      '//evil.example/',
      'https://evil.example/',
      '/a/../b',
      '/a#b',
      '/a b',
      '/a//b',
    ])
      expect(isApiRead(read)).toBe(false);
    expect(isApiRead(`/${'a'.repeat(PAGE_ASSET_LIMITS.pathLength)}`)).toBe(false);
  });
});

describe('parsePageAssets', () => {
  it('keeps each page’s first API reads, only for pages it names and within the limit', () => {
    const parsed = parsePageAssets({
      ...tasks(),
      requests: {
        TasksPage: ['/tasks/?sort=position&limit=50', '/labels/'],
        Unknown: ['/goals/'],
      },
    });
    expect(parsed?.requests).toEqual({ TasksPage: ['/tasks/?sort=position&limit=50', '/labels/'] });
    const tooMany = Array.from({ length: PAGE_ASSET_LIMITS.requests + 1 }, (_, at) => `/r${at}/`);
    expect(
      parsePageAssets({ ...tasks(), requests: { TasksPage: tooMany } })?.requests,
    ).toBeUndefined();
    expect(
      parsePageAssets({ ...tasks(), requests: { TasksPage: ['//evil/'] } })?.requests,
    ).toBeUndefined();
  });

  it('keeps a release’s entry and pages', () => {
    expect(parsePageAssets(tasks())).toEqual(tasks());
  });

  it('drops a page with a bad file or too many files, keeping the others', () => {
    const assets = parsePageAssets({
      entry: 'remoteEntry.js',
      pages: {
        ...tasks().pages,
        Evil: ['https://evil.example/x.js'],
        Big: Array.from({ length: PAGE_ASSET_LIMITS.files + 1 }, (_, i) => `${i}.js`),
        Empty: [],
        'not a name': ['x.js'],
      },
    });
    expect(assets?.pages).toEqual(tasks().pages);
  });

  it('reads at most the page limit', () => {
    const pages = Object.fromEntries(
      Array.from({ length: PAGE_ASSET_LIMITS.pages + 5 }, (_, i) => [`Page${i}`, ['x.js']]),
    );
    const assets = parsePageAssets({ entry: 'remoteEntry.js', pages });
    expect(Object.keys(assets?.pages ?? {})).toHaveLength(PAGE_ASSET_LIMITS.pages);
  });

  it('has nothing without a usable entry script', () => {
    expect(parsePageAssets(undefined)).toBeUndefined();
    expect(parsePageAssets({ pages: {} })).toBeUndefined();
    expect(parsePageAssets({ entry: '../remoteEntry.js', pages: {} })).toBeUndefined();
    expect(parsePageAssets({ entry: 'remoteEntry.js', pages: [] })).toBeUndefined();
  });
});

describe('the documents’ assets', () => {
  it('keeps, per remote and version, the assets that read; drops the rest', () => {
    expect(
      parseVersionedPageAssets({
        remote_tasks: { [LIVE]: tasks(), [CANARY]: { entry: 42 }, latest: tasks() },
        remote_goals: 'nope',
        host: { [LIVE]: tasks() },
        remote_x: { [LIVE]: tasks() },
      }),
    ).toEqual({ remote_tasks: { [LIVE]: tasks() } });
    expect(parseVersionedPageAssets([tasks()])).toEqual({});
  });

  it('reads at most the version limit per remote', () => {
    const versions = Object.fromEntries(
      Array.from({ length: PAGE_ASSET_LIMITS.versions + 2 }, (_, i) => [
        `0.1.0-20261124.01000${i}-aaaaaaa`,
        tasks(),
      ]),
    );
    const parsed = parseVersionedPageAssets({ remote_tasks: versions });
    expect(Object.keys(parsed.remote_tasks ?? {})).toHaveLength(PAGE_ASSET_LIMITS.versions);
  });

  it('reads a plain deployment’s assets per remote', () => {
    expect(parseRemotePageAssets({ remote_tasks: tasks(), remote_goals: {} })).toEqual({
      remote_tasks: tasks(),
    });
  });

  it('never fails the registry: malformed assets are dropped, the document still reads', () => {
    const document = {
      apiBase: 'http://localhost:8000/api',
      releaseBase: 'http://localhost:3010',
      apps: { remote_tasks: { live: LIVE } },
    };
    expect(parseRegistry({ ...document, assets: 'garbage' }).assets).toEqual({});
    expect(
      parseRegistry({ ...document, assets: { remote_tasks: { [LIVE]: tasks() } } }).assets,
    ).toEqual({ remote_tasks: { [LIVE]: tasks() } });
    expect(parseRegistry(document).assets).toBeUndefined();
  });
});
