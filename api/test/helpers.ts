// Test harness: a real dev identity provider, a fresh database per app (a
// SQLite file; or, with STRIDE_TEST_POSTGRES_URL set, a PostgreSQL database of
// its own) and a tiny headless "browser" with cookie jars for the API and the
// provider.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type DevIdp, startDevIdp } from '../src/dev-idp/index.js';
import type { Clock } from '../src/lib/time.js';

export const APP = 'http://localhost:3000';
export const API = 'http://localhost:8000';
export const APPLE_CALLBACK = `${API}/api/auth/oauth/apple/callback/`;

export function startIdp(): Promise<DevIdp> {
  return startDevIdp({
    port: 0,
    nodeEnv: 'test',
    googleRedirectUris: [`${APP}/auth/callback`, 'http://localhost:3001/auth/callback'],
    appleRedirectUri: APPLE_CALLBACK,
  });
}

export interface TestApp {
  app: FastifyInstance;
  dbPath: string;
  /** The variables that point another app at this app's database. */
  databaseEnv: Record<string, string>;
  close(): Promise<void>;
}

/**
 * `postgres://user:password@host/postgres` to run the suite on PostgreSQL
 * (the user needs CREATEDB): `STRIDE_TEST_POSTGRES_URL=… pnpm test`.
 */
export const POSTGRES_SERVER = process.env.STRIDE_TEST_POSTGRES_URL;

/**
 * `redis://host:port` to run the suite with Redis as the scaled deployment
 * does: `STRIDE_TEST_REDIS_URL=… pnpm test`. Each app gets a key prefix of
 * its own, so counters and invalidations never leak between tests.
 */
export const REDIS_SERVER = process.env.STRIDE_TEST_REDIS_URL;

/** A new, empty PostgreSQL database, and how to drop it. */
async function postgresDatabase(server: string) {
  const { default: pg } = await import('pg');
  const name = `stride_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        // `force` ends the app's leftover connections, but not a superuser's:
        // an autovacuum worker on the new database refuses (42501) until it is done.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

export async function makeApp(
  idp: DevIdp | undefined,
  options: { env?: Record<string, string>; clock?: Clock; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-api-'));
  const dbPath = path.join(dir, 'stride.db');
  const shared = options.env?.SQLITE_PATH ?? options.env?.DATABASE_URL;
  const postgres = POSTGRES_SERVER && !shared ? await postgresDatabase(POSTGRES_SERVER) : null;
  const databaseEnv: Record<string, string> = postgres
    ? { DATABASE_URL: postgres.url }
    : { SQLITE_PATH: dbPath };
  const redisEnv: Record<string, string> = REDIS_SERVER
    ? { REDIS_URL: REDIS_SERVER, REDIS_PREFIX: `stride-test-${randomBytes(6).toString('hex')}:` }
    : {};
  const config = loadConfig({
    NODE_ENV: 'test',
    ...databaseEnv,
    ...redisEnv,
    SQLITE_BUSY_TIMEOUT_MS: '50',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    REDIRECT_URI_ALLOWLIST: `${APP}/auth/callback,http://localhost:3001/auth/callback`,
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    ...options.env,
  });
  const app = await buildApp({
    config,
    devIdpIssuer: idp?.issuer,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    dbPath,
    databaseEnv,
    close: async () => {
      await app.close();
      await postgres?.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Jar = Map<string, string>;

function absorb(jar: Jar, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((attr) => {
      const [key = '', val = ''] = attr.trim().split('=');
      if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
      if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
      return false;
    });
    if (expired || value === '') jar.delete(name);
    else jar.set(name, value);
  }
}

const header = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

function setCookiesOf(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie'];
  return raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
}

/** One browser: its own API cookies and its own identity-provider cookies. */
export class Browser {
  readonly cookies: Jar = new Map();
  private readonly idpCookies: Jar = new Map();

  constructor(
    private readonly app: FastifyInstance,
    readonly origin = APP,
  ) {}

  async request(
    method: InjectOptions['method'],
    url: string,
    options: { body?: unknown; headers?: Record<string, string>; payload?: string } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    const headers: Record<string, string> = {
      ...(unsafe ? { origin: this.origin } : {}),
      ...(this.cookies.size ? { cookie: header(this.cookies) } : {}),
      ...options.headers,
    };
    const res = await this.app.inject({
      method,
      url,
      headers,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
      ...(options.payload !== undefined ? { payload: options.payload } : {}),
    });
    absorb(this.cookies, setCookiesOf(res));
    return res;
  }

  /** Walks the dev provider from the authorization URL to its final answer. */
  async authorize(
    authorizationUrl: string,
    user: { email: string; name?: string; cancel?: boolean },
  ): Promise<{ redirect?: URL; formPost?: { action: string; fields: Record<string, string> } }> {
    let res = await this.idpFetch(authorizationUrl);
    let url = authorizationUrl;
    for (let hops = 0; hops < 10; hops++) {
      if (res.status >= 300 && res.status < 400) {
        const next = new URL(res.headers.get('location') ?? '', url);
        if (!next.href.startsWith(new URL(authorizationUrl).origin)) return { redirect: next };
        url = next.href;
        res = await this.idpFetch(url);
        continue;
      }
      const html = await res.text();
      if (html.includes('id="sign-in"')) {
        const action = user.cancel ? `${url}/abort` : `${url}/login`;
        const form = new URLSearchParams(
          user.cancel ? {} : { email: user.email, name: user.name ?? '' },
        );
        res = await this.idpFetch(action, { method: 'POST', body: form });
        url = action;
        continue;
      }
      const formAction = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (formAction) {
        const fields: Record<string, string> = {};
        for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)) {
          fields[m[1] ?? ''] = decodeEntities(m[2] ?? '');
        }
        return { formPost: { action: decodeEntities(formAction), fields } };
      }
      throw new Error(`unexpected provider page (${res.status}): ${html.slice(0, 200)}`);
    }
    throw new Error('too many redirects at the provider');
  }

  async signInGoogle(email: string, name?: string) {
    const init = await this.request('POST', '/api/auth/oauth/google/initiate/', { body: {} });
    const { redirect } = await this.authorize(init.json().authorization_url, {
      email,
      ...(name ? { name } : {}),
    });
    if (!redirect) throw new Error('no redirect from the provider');
    return this.request('POST', '/api/auth/oauth/google/callback/', {
      body: Object.fromEntries(redirect.searchParams),
    });
  }

  async signInApple(email: string, name?: string) {
    const init = await this.request('POST', '/api/auth/oauth/apple/initiate/', { body: {} });
    const { formPost } = await this.authorize(init.json().authorization_url, {
      email,
      ...(name ? { name } : {}),
    });
    if (!formPost) throw new Error('no form_post from the provider');
    return this.postApple(formPost.fields);
  }

  /** What the browser does with Apple's form_post: a cross-site urlencoded POST. */
  postApple(fields: Record<string, string>) {
    return this.request('POST', '/api/auth/oauth/apple/callback/', {
      payload: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'http://127.0.0.1:9000',
      },
    });
  }

  private async idpFetch(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(this.idpCookies.size ? { cookie: header(this.idpCookies) } : {}),
        ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.body ? { body: init.body.toString() } : {}),
    });
    absorb(this.idpCookies, res.headers.getSetCookie());
    return res;
  }
}

function decodeEntities(text: string) {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCharCode(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
