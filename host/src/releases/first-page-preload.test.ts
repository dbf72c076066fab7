import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, rs } from '@rstest/core';
import { isInCanary } from '@stride/shared/releases';
import { json, stubFetch } from '@stride/shared/testing';
import { RELEASE_ID_KEY } from './browser-release';
import { startFetchingDeployment } from './deployment-document';
import { firstPagePreloads, preloadFirstPage } from './first-page-preload';
import { loadDeployment } from './load-deployment';
import { runningReleases } from './release-info';

const LIVE = '0.1.0-20261124.010000-aaaaaaa';
const CANARY = '0.1.0-20261124.020000-bbbbbbb';
const OLD = '0.1.0-20261123.010000-ccccccc';
const CDN = 'https://cdn.example/remote_tasks';

const tasksAssets = (tag: string) => ({
  entry: 'remoteEntry.js',
  pages: {
    TasksPage: [`static/js/async/k.${tag}.js`, `static/css/async/tasks.${tag}.css`],
    GoalTaskList: [`static/js/async/list.${tag}.js`],
  },
});

const registry = (
  assets: unknown = { [LIVE]: tasksAssets('live'), [CANARY]: tasksAssets('new') },
) => ({
  apiBase: 'https://api.example/api',
  releaseBase: 'https://cdn.example',
  apps: {
    remote_tasks: { live: LIVE, canary: { version: CANARY, percent: 50 }, previous: [OLD] },
    remote_goals: { live: LIVE, canary: null, previous: [] },
  },
  assets: { remote_tasks: assets },
});

/** A browser on the wanted side of remote_tasks' 50 % canary. */
function browserOn(side: 'canary' | 'live', overrides: Record<string, string> = {}) {
  for (;;) {
    const id = crypto.randomUUID();
    if (isInCanary(id, 'remote_tasks', 50) === (side === 'canary'))
      return () => ({ id, overrides });
  }
}

const preloadLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => [
    link.getAttribute('as'),
    link.href,
    link.getAttribute('crossorigin'),
  ]);

interface HappyDomWindow {
  happyDOM: { settings: { disableCSSFileLoading: boolean } };
}
const { settings } = (globalThis as unknown as HappyDomWindow).happyDOM;

// happy-dom follows a style sheet's preload (not a script's); the links are
// what is checked here, and the fake network answers no CDN.
beforeAll(() => {
  settings.disableCSSFileLoading = true;
});
afterAll(() => {
  settings.disableCSSFileLoading = false;
});

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  rs.unstubAllGlobals();
  for (const link of document.head.querySelectorAll('link')) link.remove();
});

describe('firstPagePreloads', () => {
  it('names the manifest, the entry and the page’s files of the live version', () => {
    expect(firstPagePreloads(registry(), '/tasks', browserOn('live'))).toEqual([
      { href: `${CDN}/${LIVE}/mf-manifest.json`, as: 'fetch', crossOrigin: 'anonymous' },
      { href: `${CDN}/${LIVE}/remoteEntry.js`, as: 'script' },
      { href: `${CDN}/${LIVE}/static/js/async/k.live.js`, as: 'script' },
      { href: `${CDN}/${LIVE}/static/css/async/tasks.live.css`, as: 'style' },
    ]);
  });

  it('follows the browser’s canary bucket, as boot will', () => {
    const hrefs = firstPagePreloads(registry(), '/tasks/', browserOn('canary')).map((p) => p.href);
    expect(hrefs).toContain(`${CDN}/${CANARY}/static/js/async/k.new.js`);
    expect(hrefs.every((href) => href.startsWith(`${CDN}/${CANARY}/`))).toBe(true);
  });

  it('follows a tester’s override to the canary, and gives up the head start for an older version', () => {
    const toCanary = browserOn('live', { remote_tasks: CANARY });
    expect(firstPagePreloads(registry(), '/tasks', toCanary)[0]?.href).toContain(CANARY);
    const toOld = browserOn('live', { remote_tasks: OLD });
    expect(firstPagePreloads(registry({ [OLD]: tasksAssets('old') }), '/tasks', toOld)).toEqual(
      expect.arrayContaining([expect.objectContaining({ href: expect.stringContaining(OLD) })]),
    );
    expect(firstPagePreloads(registry(), '/tasks', toOld)).toEqual([]);
  });

  it('starts nothing without assets for that version, remote or page', () => {
    expect(
      firstPagePreloads(registry({ [CANARY]: tasksAssets('new') }), '/tasks', browserOn('live')),
    ).toEqual([]);
    expect(firstPagePreloads(registry(), '/goals', browserOn('live'))).toEqual([]);
    expect(
      firstPagePreloads(
        registry({ [LIVE]: { entry: 'remoteEntry.js', pages: {} } }),
        '/tasks',
        browserOn('live'),
      ),
    ).toEqual([]);
    const { assets: _, ...withoutAssets } = registry();
    expect(firstPagePreloads(withoutAssets, '/tasks', browserOn('live'))).toEqual([]);
  });

  it('reads a plain deployment’s assets beside its fixed manifest URLs', () => {
    const plain = {
      apiBase: 'http://localhost:8000/api',
      remotes: { remote_tasks: 'http://localhost:3004/mf-manifest.json' },
      assets: { remote_tasks: tasksAssets('dev') },
    };
    const never = () => {
      throw new Error('a plain deployment has no canary to resolve');
    };
    expect(firstPagePreloads(plain, '/tasks', never).map((p) => p.href)).toEqual([
      'http://localhost:3004/mf-manifest.json',
      'http://localhost:3004/remoteEntry.js',
      'http://localhost:3004/static/js/async/k.dev.js',
      'http://localhost:3004/static/css/async/tasks.dev.css',
    ]);
    expect(firstPagePreloads({ ...plain, assets: undefined }, '/tasks', never)).toEqual([]);
  });
});

describe('preloadFirstPage', () => {
  it('adds links in the modes the API client and Module Federation then load them in', async () => {
    // happy-dom follows a fetch preload, as a browser does; a failed one is not kept for later tests.
    stubFetch(unreachable);
    await preloadFirstPage(registry(), browserOn('live'), '/tasks');
    expect(preloadLinks()).toEqual([
      // The session check, with the cookie as apiRequest sends it.
      ['fetch', 'https://api.example/api/auth/status/', 'use-credentials'],
      ['fetch', `${CDN}/${LIVE}/mf-manifest.json`, 'anonymous'],
      ['script', `${CDN}/${LIVE}/remoteEntry.js`, null],
      ['script', `${CDN}/${LIVE}/static/js/async/k.live.js`, null],
      ['style', `${CDN}/${LIVE}/static/css/async/tasks.live.css`, null],
    ]);
  });

  it('starts the session check even where there are no page assets', async () => {
    // happy-dom follows a fetch preload, as a browser does; a failed one is not kept for later tests.
    stubFetch(unreachable);
    await preloadFirstPage(registry({}), browserOn('live'), '/tasks');
    expect(preloadLinks()).toEqual([
      ['fetch', 'https://api.example/api/auth/status/', 'use-credentials'],
    ]);
  });

  it('leaves the session check out while the browser is offline: the start asks nothing then', async () => {
    rs.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await preloadFirstPage(registry({}), browserOn('live'), '/tasks');
    expect(preloadLinks()).toEqual([]);
    rs.restoreAllMocks();
  });

  it('adds nothing for a document boot will refuse', async () => {
    const broken = { ...registry(), apps: { remote_tasks: { live: '../x' } } };
    await expect(preloadFirstPage(broken, browserOn('live'), '/tasks')).resolves.toBeUndefined();
    expect(preloadLinks()).toEqual([]);
  });
});

/**
 * The API's answers to the early session check: happy-dom follows a fetch
 * preload as a browser does, with a CORS preflight to the API's origin.
 */
const statusAnswer = (request: Request) =>
  new Response(request.method === 'OPTIONS' ? null : JSON.stringify({ authenticated: false }), {
    status: request.method === 'OPTIONS' ? 204 : 200,
    headers: {
      'Access-Control-Allow-Origin': window.location.origin,
      'Access-Control-Allow-Credentials': 'true',
      'Content-Type': 'application/json',
    },
  });

const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

const statusChecked = (calls: { url: string; method: string }[]) =>
  calls.some((call) => call.method === 'GET' && call.url.endsWith('/auth/status/'));

describe('the early start (index.tsx)', () => {
  it('preloads from the one fetch boot then reads, for the version boot picks', async () => {
    const side = browserOn('canary')();
    localStorage.setItem(RELEASE_ID_KEY, side.id);
    window.history.replaceState(null, '', '/tasks');
    const { calls } = stubFetch(json(registry()), statusAnswer, statusAnswer);
    startFetchingDeployment();
    await loadDeployment();
    // The document once, and the session check started before boot asks for it.
    await expect.poll(() => statusChecked(calls)).toBe(true);
    expect(calls.filter((call) => call.url.endsWith('/app-config.json'))).toHaveLength(1);
    const tasks = runningReleases().find((release) => release.app === 'remote_tasks');
    expect(tasks?.version).toBe(CANARY);
    await expect
      .poll(() => preloadLinks().map(([, href]) => href))
      .toContain(`${CDN}/${CANARY}/remoteEntry.js`);
  });

  it('reads this browser once per page load, so an override survives blocked storage', async () => {
    const blocked = () => {
      throw new Error('storage blocked');
    };
    const storage = { getItem: blocked, setItem: blocked, removeItem: blocked };
    rs.stubGlobal('sessionStorage', storage);
    rs.stubGlobal('localStorage', storage);
    window.history.replaceState(null, '', `/tasks?release=remote_tasks@${OLD}`);
    // Another API than the test before's: happy-dom keeps what a preload fetched.
    const { calls } = stubFetch(
      json({ ...registry({ [OLD]: tasksAssets('old') }), apiBase: 'https://api2.example/api' }),
      statusAnswer,
      statusAnswer,
    );
    startFetchingDeployment();
    await loadDeployment();
    await expect.poll(() => statusChecked(calls)).toBe(true);
    expect(window.location.search).toBe('');
    expect(runningReleases().find((r) => r.app === 'remote_tasks')?.version).toBe(OLD);
    expect(preloadLinks().map(([, href]) => href)).toContain(`${CDN}/${OLD}/remoteEntry.js`);
  });
});
