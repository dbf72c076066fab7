import { describe, expect, it } from '@rstest/core';
import { parseRegistry, RegistryError, WITHDRAWN_KEPT } from './registry';

const LIVE = '0.1.0-20261124.010000-aaaaaaa';
const CANARY = '0.1.0-20261124.020000-bbbbbbb';
const OLD = '0.1.0-20261123.010000-ccccccc';

const valid = () => ({
  apiBase: 'http://localhost:8000/api/',
  releaseBase: 'http://localhost:3010/',
  apps: {
    remote_goals: { live: LIVE, canary: { version: CANARY, percent: 10 }, previous: [OLD] },
    host: { live: LIVE, canary: null, previous: [] },
  },
});

describe('parseRegistry', () => {
  it('accepts the docs/architecture.md §9 document and trims trailing slashes from its URLs', () => {
    const registry = parseRegistry(valid());
    expect(registry.apiBase).toBe('http://localhost:8000/api');
    expect(registry.releaseBase).toBe('http://localhost:3010');
    expect(registry.apps.remote_goals).toEqual({
      live: LIVE,
      canary: { version: CANARY, percent: 10 },
      previous: [OLD],
    });
  });

  it('keeps withdrawn versions per app, even of an app with no live version', () => {
    const BAD = '0.1.0-20261122.010000-ddddddd';
    const registry = parseRegistry({
      ...valid(),
      withdrawn: { remote_goals: [BAD], remote_tasks: [OLD] },
    });
    expect(registry.withdrawn).toEqual({ remote_goals: [BAD], remote_tasks: [OLD] });
    expect(parseRegistry(valid()).withdrawn).toBeUndefined();
  });

  it('treats a missing canary and history as none', () => {
    const registry = parseRegistry({ ...valid(), apps: { remote_tasks: { live: LIVE } } });
    expect(registry.apps.remote_tasks).toEqual({ live: LIVE, canary: null, previous: [] });
  });

  const broken: [string, (doc: ReturnType<typeof valid>) => unknown, RegExp][] = [
    ['not an object', () => [], /must be a JSON object/],
    ['no apps', (doc) => ({ ...doc, apps: undefined }), /"apps" must be an object/],
    [
      'an unknown app',
      (doc) => ({ ...doc, apps: { remote_x: doc.apps.host } }),
      /apps\.remote_x is not an app/,
    ],
    [
      'a bad API base',
      (doc) => ({ ...doc, apiBase: 'javascript:alert(1)' }),
      /"apiBase" must be an http/,
    ],
    ['a bad release base', (doc) => ({ ...doc, releaseBase: 42 }), /"releaseBase" must be an http/],
    [
      'a live version that is a path',
      (doc) => ({ ...doc, apps: { host: { live: '../../etc' } } }),
      /apps\.host\.live must be a release version/,
    ],
    [
      'a canary at 0 %',
      (doc) => ({
        ...doc,
        apps: { host: { live: LIVE, canary: { version: CANARY, percent: 0 } } },
      }),
      /percent must be a whole number from 1 to 99/,
    ],
    [
      'a canary at 100 %',
      (doc) => ({
        ...doc,
        apps: { host: { live: LIVE, canary: { version: CANARY, percent: 100 } } },
      }),
      /percent/,
    ],
    [
      'a fractional share',
      (doc) => ({
        ...doc,
        apps: { host: { live: LIVE, canary: { version: CANARY, percent: 12.5 } } },
      }),
      /percent/,
    ],
    [
      'a canary of the live version',
      (doc) => ({ ...doc, apps: { host: { live: LIVE, canary: { version: LIVE, percent: 5 } } } }),
      /is the live version/,
    ],
    [
      'the live version in the history',
      (doc) => ({ ...doc, apps: { host: { live: LIVE, previous: [LIVE] } } }),
      /lists the live version/,
    ],
    [
      'a version twice in the history',
      (doc) => ({ ...doc, apps: { host: { live: LIVE, previous: [OLD, OLD] } } }),
      /lists a version twice/,
    ],
    [
      'withdrawn versions that are not a map of apps',
      (doc) => ({ ...doc, withdrawn: [OLD] }),
      /"withdrawn" must be an object/,
    ],
    [
      'a withdrawn version of an unknown app',
      (doc) => ({ ...doc, withdrawn: { remote_x: [OLD] } }),
      /withdrawn\.remote_x is not an app/,
    ],
    [
      'a malformed withdrawn version',
      (doc) => ({ ...doc, withdrawn: { host: ['../x'] } }),
      /withdrawn\.host\[0\] must be a release version/,
    ],
    [
      'a version withdrawn twice',
      (doc) => ({ ...doc, withdrawn: { host: [OLD, OLD] } }),
      /withdrawn\.host lists a version twice/,
    ],
    [
      'more withdrawn versions than the registry keeps',
      (doc) => ({
        ...doc,
        withdrawn: {
          host: Array.from(
            { length: WITHDRAWN_KEPT + 1 },
            (_, i) => `0.1.0-20261101.${String(i).padStart(6, '0')}-ddddddd`,
          ),
        },
      }),
      /keeps at most 50 versions/,
    ],
    [
      'a withdrawn live version',
      (doc) => ({ ...doc, withdrawn: { remote_goals: [LIVE] } }),
      /withdrawn\.remote_goals lists .*, which apps\.remote_goals still serves/,
    ],
    [
      'a withdrawn canary version',
      (doc) => ({ ...doc, withdrawn: { remote_goals: [CANARY] } }),
      /which apps\.remote_goals still serves/,
    ],
    [
      'a withdrawn version still in the history',
      (doc) => ({ ...doc, withdrawn: { remote_goals: [OLD] } }),
      /which apps\.remote_goals still serves/,
    ],
    [
      'a remote URL that is not http',
      (doc) => ({ ...doc, remotes: { remote_auth: 'data:text/javascript,1' } }),
      /remotes\.remote_auth must be an http/,
    ],
  ];

  it.each(broken)('refuses %s, naming the problem', (_, make, message) => {
    let error: unknown;
    try {
      parseRegistry(make(valid()));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as Error).message).toMatch(/^registry\.json: /);
    expect((error as Error).message).toMatch(message);
  });
});
