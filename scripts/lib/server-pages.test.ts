import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@rstest/core';
import { LIVE_SYNC } from '@stride/shared/limits';
import { isInCanary } from '@stride/shared/releases';
import { RELEASE_ID_COOKIE, SERVER_HTML, WORKER_COOKIE } from '@stride/shared/server-html';
import { createPageRenderer } from './page-renderer';
import {
  fixedServerPages,
  PAGE_DATA_TIMEOUT_MS,
  type ServerPageSources,
  serverPage,
} from './server-pages';
import { createStaticHandler, listen } from './static-server';

// A host build and two builds of the auth remote, on disk as builds write them.
const dir = mkdtempSync(join(tmpdir(), 'server-pages-'));
const hostRoot = join(dir, 'host');
const LIVE = '1.0.0-20261126.080000-aaaaaaa';
const CANARY = '1.0.1-20261126.090000-bbbbbbb';
const MANIFEST = (version: string) =>
  `http://localhost:4000/releases/remote_auth/${version}/mf-manifest.json`;

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

function writeBuilds() {
  const html = '<html><head><title>Stride</title></head><body><div id="root"></div></body></html>';
  write(join(hostRoot, 'index.html'), html);
  write(join(hostRoot, SERVER_HTML.dir, SERVER_HTML.document), html);
  write(
    join(hostRoot, SERVER_HTML.dir, SERVER_HTML.routes),
    JSON.stringify({
      '/login': { remote: 'remote_auth', page: 'LoginPage', shell: 'shell-login.html' },
      '/tasks': {
        remote: 'remote_tasks',
        page: 'TasksPage',
        shell: 'shell-tasks.html',
        audience: 'onboarded',
      },
      // Its host takes a page's data: the dashboard's release renders it with the user's.
      '/dashboard': {
        remote: 'remote_dashboard',
        page: 'DashboardPage',
        shell: 'shell-tasks.html',
        audience: 'onboarded',
        pageData: true,
      },
      // The fixture's onboarding page comes from the tasks build: the server reads any remote's.
      '/onboarding': {
        remote: 'remote_tasks',
        page: 'OnboardingPage',
        shell: 'shell-tasks.html',
        audience: 'onboarding',
      },
    }),
  );
  write(join(hostRoot, SERVER_HTML.dir, 'shell-login.html'), `<main>${SERVER_HTML.slot}</main>`);
  write(join(hostRoot, SERVER_HTML.dir, 'shell-tasks.html'), `<main>${SERVER_HTML.slot}</main>`);
  write(join(dir, 'tasks-build', SERVER_HTML.dir, 'TasksPage.html'), '<h1>Tasks</h1>');
  write(join(dir, 'tasks-build', SERVER_HTML.dir, 'OnboardingPage.html'), '<h1>Welcome</h1>');
  const dashboard = join(dir, 'dashboard-build', SERVER_HTML.dir);
  write(join(dashboard, 'DashboardPage.html'), '<h1>Dashboard</h1>');
  // The release's server bundle: renders from the answers, or hangs when told to.
  write(join(dashboard, SERVER_HTML.renderDir, 'package.json'), '{ "type": "module" }');
  write(
    join(dashboard, SERVER_HTML.renderDir, SERVER_HTML.renderEntry),
    `export function renderPageWithData(page, answers) {
      const summary = answers['/dashboard/'];
      if (summary.hang) for (;;) {}
      return { html: '<h1>Dashboard: ' + summary.open + ' open</h1>', state: { queries: [summary] } };
    }`,
  );
  for (const version of [LIVE, CANARY]) {
    write(
      join(dir, 'store', version, SERVER_HTML.dir, 'LoginPage.html'),
      `<h1>Sign in (${version})</h1>`,
    );
  }
}

const registry = {
  apiBase: 'http://localhost:4000/api',
  releaseBase: 'http://localhost:4000/releases',
  apps: { remote_auth: { live: LIVE, canary: { version: CANARY, percent: 50 }, previous: [] } },
  assets: {
    remote_auth: {
      [LIVE]: {
        entry: 'remoteEntry.js',
        pages: { LoginPage: ['static/js/login.js', 'static/css/login.css'] },
      },
    },
  },
};

/** Called when the renderer replaces a hung worker. */
let onReplaced = () => {};
const renderer = createPageRenderer({
  hangLimitMs: 1_500,
  onError: (message) => {
    if (message.includes('replaced')) onReplaced();
  },
});

const sources: ServerPageSources = {
  document: () => registry,
  buildDir: (_remote, files) => (files.version ? join(dir, 'store', files.version) : undefined),
};

/** The API's session check, answering by the `session` cookie; counts what it is asked. */
let statusAsked = 0;
/**
 * The sessions of onboarded users: `hang` is one whose page hangs its render, `noreads` one the
 * reads refuse, `unversioned` one an API that names no data version answers.
 */
const ONBOARDED = ['onboarded', 'hang', 'noreads', 'unversioned'];
/** The data version the fake API's answers hold. */
const DATA_VERSION = 41;
const api = createServer((req, res) => {
  statusAsked += 1;
  const session = /session=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
  const user = session ? { onboarding_completed: ONBOARDED.includes(session ?? '') } : null;
  if (req.url === '/api/dashboard/' && user?.onboarding_completed && session !== 'noreads') {
    res.writeHead(200, {
      'Content-Type': 'application/json',
      ...(session === 'unversioned' ? {} : { [LIVE_SYNC.versionHeader]: String(DATA_VERSION) }),
    });
    res.end(JSON.stringify({ open: 3, hang: session === 'hang' }));
    return;
  }
  if (req.url !== '/api/auth/status/' || session === 'broken') {
    res.writeHead(500).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ authenticated: user !== null, user }));
});

/** A plain deployment whose API is the fake above: the tasks page is signed-in only. */
const plainSources = (): ServerPageSources => ({
  document: () => ({
    apiBase: `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`,
    remotes: {
      remote_tasks: 'http://localhost:4000/remotes/remote_tasks/mf-manifest.json',
      remote_dashboard: 'http://localhost:4000/remotes/remote_dashboard/mf-manifest.json',
    },
    assets: {
      remote_dashboard: {
        entry: 'remoteEntry.js',
        pages: { DashboardPage: ['static/js/dashboard.js'] },
        requests: { DashboardPage: ['/dashboard/'] },
      },
    },
  }),
  buildDir: (remote) =>
    remote === 'remote_tasks' || remote === 'remote_dashboard'
      ? join(dir, `${remote.replace('remote_', '')}-build`)
      : undefined,
  renderer,
});

let server: Server;
let origin = '';
beforeAll(async () => {
  writeBuilds();
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  server = await listen(
    createStaticHandler({
      root: hostRoot,
      spa: true,
      page: (req, urlPath) => serverPage(sources, hostRoot, req, urlPath),
    }),
    0,
  );
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await renderer.close();
  api.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Two browser ids, one on each side of the 50 % canary. */
function idOn(side: 'live' | 'canary'): string {
  for (let n = 0; n < 1000; n++) {
    const id = `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    if (isInCanary(id, 'remote_auth', 50) === (side === 'canary')) return id;
  }
  throw new Error('no id found');
}

const get = (path: string, id?: string) =>
  fetch(`${origin}${path}`, id ? { headers: { cookie: `${RELEASE_ID_COOKIE}=${id}` } } : {});

describe('serverPage', () => {
  it("sends the live version's page in the shell, with its style sheet, to a browser on the live side", async () => {
    const response = await get('/login', idOn('live'));
    const html = await response.text();
    expect(html).toContain(`<main><h1>Sign in (${LIVE})</h1></main>`);
    expect(html).toContain(`data-server-page="${MANIFEST(LIVE)}#LoginPage"`);
    expect(html).toContain(
      '<link rel="stylesheet" href="http://localhost:4000/releases/remote_auth/1.0.0-20261126.080000-aaaaaaa/static/css/login.css">',
    );
    expect(response.headers.get('vary')).toContain('Cookie');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('paints in the theme the browser chose', async () => {
    const response = await fetch(`${origin}/login`, {
      headers: { cookie: `stride_theme=dark; ${RELEASE_ID_COOKIE}=${idOn('live')}` },
    });
    expect(await response.text()).toContain('<html data-theme="dark">');
  });

  it("sends a canary-bucket browser its canary's page", async () => {
    const html = await (await get('/login/', idOn('canary'))).text();
    expect(html).toContain(`<h1>Sign in (${CANARY})</h1>`);
    expect(html).toContain(`data-server-page="${MANIFEST(CANARY)}#LoginPage"`);
  });

  it('gives a first-time browser an id, and the page of the side that id is on', async () => {
    const response = await get('/login', 'not-an-id');
    const cookie = response.headers.get('set-cookie') ?? '';
    const id = /^stride_release_id=([0-9a-f-]{36});/.exec(cookie)?.[1];
    expect(id).toBeDefined();
    expect(cookie).toContain('SameSite=Lax');
    const expected = isInCanary(id ?? '', 'remote_auth', 50) ? CANARY : LIVE;
    expect(await response.text()).toContain(`<h1>Sign in (${expected})</h1>`);
  });

  it('sends the plain HTML for other paths and when the page has no HTML', async () => {
    const other = await (await get('/tasks', idOn('live'))).text();
    expect(other).toContain('<div id="root"></div>');
    rmSync(join(dir, 'store', LIVE, SERVER_HTML.dir), { recursive: true });
    try {
      const missing = await (await get('/login', idOn('live'))).text();
      expect(missing).toContain('<div id="root"></div>');
    } finally {
      writeBuilds();
    }
  });

  it('sends the plain HTML when the document is one boot refuses', async () => {
    const broken: ServerPageSources = {
      ...sources,
      document: () => ({ apps: 'none', apiBase: 1 }),
    };
    const page = await serverPage(broken, hostRoot, { headers: {} } as never, '/login');
    expect(page).toBeNull();
  });
});

describe('a signed-in page', () => {
  const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as never;
  const page = (cookie?: string) => serverPage(plainSources(), hostRoot, request(cookie), '/tasks');

  it('goes, private, to a session the route guard lets through', async () => {
    const sent = await page('session=onboarded');
    expect(sent?.html).toContain('<main><h1>Tasks</h1></main>');
    expect(sent?.headers['Cache-Control']).toBe('private, no-cache');
  });

  it('is the plain HTML for a guest, a user still to onboard, and when the API has no answer', async () => {
    statusAsked = 0;
    expect(await page()).toBeNull(); // no cookie: nothing to ask
    expect(statusAsked).toBe(0);
    expect(await page('session=new')).toBeNull();
    expect(await page('other=1')).toBeNull();
    expect(await page('session=broken')).toBeNull();
    const down: ServerPageSources = {
      ...plainSources(),
      document: () => ({
        ...(plainSources().document() as object),
        apiBase: 'http://127.0.0.1:9/api',
      }),
    };
    expect(await serverPage(down, hostRoot, request('session=onboarded'), '/tasks')).toBeNull();
  });

  describe('with its data', () => {
    const dashboard = (cookie: string, url = '/dashboard') =>
      serverPage(plainSources(), hostRoot, { url, headers: { cookie } } as never, '/dashboard');
    const DATA = `<script type="application/json" id="${SERVER_HTML.pageDataId}"`;

    it("is rendered by the release's bundle from the API's answers, the cache and its data version beside it", async () => {
      const html = (await dashboard('session=onboarded'))?.html ?? '';
      expect(html).toContain('<main><h1>Dashboard: 3 open</h1></main>');
      expect(html).toContain(
        `${DATA} data-version="${DATA_VERSION}">{"queries":[{"open":3,"hang":false}]}</script>`,
      );
    });

    it('names no data version when an answer names none', async () => {
      const html = (await dashboard('session=unversioned'))?.html ?? '';
      expect(html).toContain(`${DATA}>{"queries":[{"open":3,"hang":false}]}</script>`);
    });

    it('goes as built, without data, when a read is refused or the address has a query', async () => {
      for (const sent of [
        await dashboard('session=noreads'),
        await dashboard('session=onboarded', '/dashboard?view=today'),
      ]) {
        expect(sent?.html).toContain('<main><h1>Dashboard</h1></main>');
        expect(sent?.html).not.toContain(DATA);
      }
    });

    it('goes as built when the render hangs, in time; the hung worker is replaced and pages render again', async () => {
      const replaced = new Promise<void>((resolve) => {
        onReplaced = resolve;
      });
      const started = Date.now();
      const hung = await dashboard('session=hang');
      expect(Date.now() - started).toBeLessThan(PAGE_DATA_TIMEOUT_MS + 1_000);
      expect(hung?.html).toContain('<main><h1>Dashboard</h1></main>');
      await replaced;
      expect((await dashboard('session=onboarded'))?.html).toContain('Dashboard: 3 open');
    });
  });

  it('/onboarding goes only to a user still to onboard: one who has is sent on by the app', async () => {
    const onboarding = (cookie: string) =>
      serverPage(plainSources(), hostRoot, request(cookie), '/onboarding');
    expect((await onboarding('session=new'))?.html).toContain('<main><h1>Welcome</h1></main>');
    expect(await onboarding('session=onboarded')).toBeNull();
    expect(await onboarding('other=1')).toBeNull();
  });

  it('is the plain HTML for a browser with the service worker, which paints its last screen', async () => {
    statusAsked = 0;
    expect(await page(`session=onboarded; ${WORKER_COOKIE}=1`)).toBeNull();
    expect(statusAsked).toBe(0);
  });

  it('is never among the fixed pages a file server sends', async () => {
    const pages = await fixedServerPages(plainSources(), hostRoot);
    expect([...pages.keys()]).not.toContain('/tasks');
  });
});
