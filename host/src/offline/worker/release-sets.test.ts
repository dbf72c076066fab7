import { describe, expect, it } from '@rstest/core';
import { OFFLINE_LIMITS } from '../offline-policy';
import {
  cachesToEvict,
  changesInPlace,
  EMPTY_SETS,
  keptRelease,
  manifestFiles,
  nextSets,
  parseReleasesMessage,
  type ReleasesMessage,
  releaseOf,
} from './release-sets';

const STORE = 'https://app.example/releases';
const V1 = '0.1.0-20261120.100000-aaaaaaa';
const V2 = '0.1.0-20261125.100000-bbbbbbb';

const goals = (version: string | null) => ({
  app: 'remote_goals',
  version,
  manifest:
    version === null
      ? 'https://app.example/remotes/remote_goals/mf-manifest.json'
      : `${STORE}/remote_goals/${version}/mf-manifest.json`,
  files: ['remoteEntry.js', 'static/js/async/page.1234abcd99.js'],
});

const message = (
  releases: ReturnType<typeof goals>[],
  withdrawn: string[] = [],
): ReleasesMessage => ({
  type: 'stride:releases',
  apiBase: 'https://app.example/api',
  releases,
  withdrawn,
});

describe('parseReleasesMessage', () => {
  it('reads what a page sends', () => {
    expect(parseReleasesMessage(message([goals(V1)]))).toEqual(message([goals(V1)]));
  });

  it('refuses other messages and drops what is malformed or beyond the bounds', () => {
    expect(parseReleasesMessage({ type: 'stride:skip-waiting' })).toBeUndefined();
    expect(
      parseReleasesMessage({ ...message([]), apiBase: 'javascript:alert(1)' }),
    ).toBeUndefined();
    const many = Array.from({ length: 50 }, () => goals(V1));
    const parsed = parseReleasesMessage({
      ...message([
        ...many,
        { ...goals(V1), app: 'Remote Goals' },
        { ...goals(V1), manifest: 'file:///etc/passwd' },
      ]),
      withdrawn: ['remote_goals@../x', `remote_goals@${V1}`, 42],
    });
    expect(parsed?.releases).toHaveLength(OFFLINE_LIMITS.releases);
    expect(parsed?.withdrawn).toEqual([`remote_goals@${V1}`]);
    const sneaky = parseReleasesMessage(
      message([{ ...goals(V1), files: ['../../api/tasks/', 'static/ok.js', '/abs.js'] }]),
    );
    expect(sneaky?.releases[0]?.files).toEqual(['static/ok.js']);
  });
});

describe('the release sets', () => {
  it('keeps the current set and the one before it; a withdrawn version goes at once', () => {
    const first = nextSets(EMPTY_SETS, message([goals(V1)]));
    expect(first.current.map((release) => release.key)).toEqual([`remote_goals@${V1}`]);
    expect(first.previous).toEqual([]);

    const again = nextSets(first, message([goals(V1)]));
    expect(again.previous).toEqual([]);

    const promoted = nextSets(first, message([goals(V2)]));
    expect(promoted.current.map((release) => release.key)).toEqual([`remote_goals@${V2}`]);
    expect(promoted.previous.map((release) => release.key)).toEqual([`remote_goals@${V1}`]);

    // A rollback to V1 with V2 withdrawn: V2 is kept nowhere.
    const rolledBack = nextSets(promoted, message([goals(V1)], [`remote_goals@${V2}`]));
    expect(rolledBack.current.map((release) => release.key)).toEqual([`remote_goals@${V1}`]);
    expect(rolledBack.previous).toEqual([]);

    const names = [
      `stride-release:remote_goals@${V1}`,
      `stride-release:remote_goals@${V2}`,
      'stride-release:remote_goals@0.0.9-20261101.100000-ccccccc',
      'workbox-precache-v2-https://app.example/',
      'stride-pages',
    ];
    expect(cachesToEvict(promoted, names)).toEqual([names[2]]);
    expect(cachesToEvict(rolledBack, names)).toEqual([names[1], names[2]]);
  });

  it('finds the release a file belongs to by its folder', () => {
    const sets = nextSets(EMPTY_SETS, message([goals(V1), goals(null)]));
    expect(releaseOf(sets, `${STORE}/remote_goals/${V1}/static/js/a.js`)?.key).toBe(
      `remote_goals@${V1}`,
    );
    expect(
      releaseOf(sets, 'https://app.example/remotes/remote_goals/static/js/x.1234abcd99.js')?.key,
    ).toBe('remote_goals@build');
    expect(releaseOf(sets, `${STORE}/remote_goals/${V2}/remoteEntry.js`)).toBeUndefined();
    expect(releaseOf(sets, 'https://app.example/api/tasks/')).toBeUndefined();
  });

  it('asks the network first only for a plain build’s files that change in place', () => {
    const plain = keptRelease(goals(null));
    const released = keptRelease(goals(V1));
    expect(changesInPlace(plain, `${plain.base}remoteEntry.js`)).toBe(true);
    expect(changesInPlace(plain, `${plain.base}mf-manifest.json`)).toBe(true);
    expect(changesInPlace(plain, `${plain.base}static/js/a.1234abcd99.js`)).toBe(false);
    expect(changesInPlace(released, `${released.base}remoteEntry.js`)).toBe(false);
    expect(released.files).toEqual([
      `${STORE}/remote_goals/${V1}/remoteEntry.js`,
      `${STORE}/remote_goals/${V1}/static/js/async/page.1234abcd99.js`,
    ]);
  });
});

describe('manifestFiles', () => {
  it('lists the entry, every exposed module’s scripts and style sheets and the shared libraries’ own copies, each once', () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          assets: {
            js: { sync: ['static/js/a.js'], async: ['static/js/lazy.js'] },
            css: { sync: ['static/css/a.css'], async: [] },
          },
        },
        { assets: { js: { sync: ['static/js/a.js', '../escape.js'], async: [] }, css: {} } },
      ],
      shared: [{ name: 'react-hook-form', assets: { js: { sync: ['static/js/rhf.js'] } } }],
    };
    expect(manifestFiles(manifest)).toEqual([
      'remoteEntry.js',
      'static/js/a.js',
      'static/js/lazy.js',
      'static/css/a.css',
      'static/js/rhf.js',
    ]);
    expect(manifestFiles(null)).toEqual([]);
    expect(manifestFiles({ exposes: 'no' })).toEqual([]);
  });
});
