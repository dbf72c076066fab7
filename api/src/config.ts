// The one module that reads process.env. Every variable is validated here at
// boot; a bad value stops the server with one message naming the variable.
// Add a variable here, give it a default or make it optional, and document it
// in api/README.md.
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_SYNC, REMOTE_LOADS } from '@stride/shared/limits';
import {
  API_DEFAULTS,
  needsDevIdp as deploymentNeedsDevIdp,
  HOST,
  REMOTES,
} from '@stride/shared/topology';
import { withoutTrailingSlashes } from '@stride/shared/url';

export type NodeEnv = 'development' | 'production' | 'test';

export interface GoogleClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface AppleClientConfig {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
}

/**
 * The proxies whose `X-Forwarded-For` the API believes: `false` none (the
 * client is the socket's peer), or those addresses and CIDR ranges.
 */
export type TrustProxy = false | string[];

export interface Config {
  nodeEnv: NodeEnv;
  isProduction: boolean;
  port: number;
  host: string;
  /** Fastify's `trustProxy`: which hops in front of the API may name the client. */
  trustProxy: TrustProxy;
  appOrigin: string;
  apiPublicUrl: string;
  allowedOrigins: string[];
  redirectUriAllowlist: string[];
  databaseUrl: string | undefined;
  /** Shared state of several API instances (rate limits, cache invalidation); unset: all in-process. */
  redisUrl: string | undefined;
  /** Put before every Redis key and channel, so deployments can share one Redis. */
  redisPrefix: string;
  /**
   * A dev identity provider already running (`pnpm --filter @stride/api start:idp`),
   * shared by several API instances; unset, each API starts its own when needed.
   */
  devIdpUrl: string | undefined;
  /** The bearer token /api/metrics/ asks for; unset, the endpoint does not exist. */
  metricsToken: string | undefined;
  sqlitePath: string;
  sqliteBusyTimeoutMs: number;
  /** Memory for serialized list pages (plugins/app/list-cache.ts); 0 turns the cache off. */
  listCacheMb: number;
  sessionAbsoluteTtlMs: number;
  sessionIdleTtlMs: number;
  devIdpPort: number;
  logLevel: string;
  authRateLimitPerMinute: number;
  /** Remote-load batches a minute per IP (POST /telemetry/remote-loads/). */
  telemetryRateLimitPerMinute: number;
  /** Remote-load figures: browsers counted per address and version, rows kept (defaults in REMOTE_LOADS). */
  telemetry: { clientsPerAddress: number; rowsMax: number };
  /** The change streams' bounds (GET /events/; defaults in LIVE_SYNC). */
  liveSync: {
    streamsMax: number;
    streamsPerUser: number;
    lifetimeMs: number;
    drainMs: number;
  };
  google: GoogleClientConfig | undefined;
  apple: AppleClientConfig | undefined;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = read(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) {
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  }
  return value;
}

function origin(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an origin like http://localhost:3000, got "${raw}"`);
  }
  const normalized = withoutTrailingSlashes(raw);
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== normalized) {
    throw new ConfigError(name, `must be an origin like http://localhost:3000, got "${raw}"`);
  }
  return url.origin;
}

function absoluteUrl(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (!['http:', 'https:'].includes(url.protocol)) throw new Error('scheme');
    return url.href;
  } catch {
    throw new ConfigError(name, `must contain absolute http(s) URLs, got "${raw}"`);
  }
}

function list(env: Env, name: string): string[] | undefined {
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new ConfigError(name, 'must list at least one value');
  return items;
}

function group<T extends string>(env: Env, names: readonly T[]): Record<T, string> | undefined {
  const present = names.filter((name) => read(env, name) !== undefined);
  if (present.length === 0) return undefined;
  const missing = names.find((name) => read(env, name) === undefined);
  if (missing) {
    throw new ConfigError(missing, `is required when ${present.join(', ')} is set`);
  }
  return Object.fromEntries(names.map((name) => [name, read(env, name)])) as Record<T, string>;
}

/** proxy-addr's names for whole ranges (127.0.0.0/8 and ::1, …), which Fastify understands. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const MAX_TRUSTED_PROXIES = 64;

function isAddressOrRange(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [address = '', prefix, ...rest] = item.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A /0 range is every address: the `true` refused below.
  return (
    /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128)
  );
}

/**
 * TRUST_PROXY: the addresses of the proxies in front of the API. Unset,
 * nothing is trusted: a client's own `X-Forwarded-For` must never choose the
 * address its rate limits count. No `true` (every peer believed) and no hop
 * count (Fastify 5.12 ignores one: it cannot tell the proxy from a client).
 */
function trustProxy(env: Env): TrustProxy {
  const name = 'TRUST_PROXY';
  const raw = read(env, name);
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true' || /^\d+$/.test(raw)) {
    throw new ConfigError(
      name,
      `must list the proxies' addresses (e.g. 127.0.0.1), got "${raw}": trusting any peer lets a client pick the address its rate limits count`,
    );
  }
  const items = list(env, name) ?? [];
  if (items.length > MAX_TRUSTED_PROXIES) {
    throw new ConfigError(name, `must list at most ${MAX_TRUSTED_PROXIES} addresses`);
  }
  const bad = items.find((item) => !isAddressOrRange(item));
  if (bad !== undefined) {
    throw new ConfigError(
      name,
      `must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${bad}"`,
    );
  }
  return [...new Set(items)];
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = read(env, 'NODE_ENV') ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnvRaw)) {
    throw new ConfigError(
      'NODE_ENV',
      `must be development, production or test, got "${nodeEnvRaw}"`,
    );
  }
  const nodeEnv = nodeEnvRaw as NodeEnv;
  const isProduction = nodeEnv === 'production';

  const appOrigin = origin(
    'APP_ORIGIN',
    read(env, 'APP_ORIGIN') ?? `http://localhost:${int(env, HOST.portEnv, HOST.port, 1, 65535)}`,
  );
  const port = int(env, API_DEFAULTS.portEnv, API_DEFAULTS.port, 0, 65535);
  // The public URL follows a moved port unless it is set outright.
  const apiPublicUrl = origin(
    'API_PUBLIC_URL',
    read(env, 'API_PUBLIC_URL') ?? `http://localhost:${port}`,
  );
  // Outside production the remotes' standalone dev pages may call the API,
  // and remote-auth's page (first in the table) may finish a Google sign-in. Their ports
  // are the ones `pnpm dev` and `pnpm start` use.
  const remotes = isProduction
    ? []
    : Object.values(REMOTES).map(
        (remote) => `http://localhost:${int(env, remote.portEnv, remote.port, 1, 65535)}`,
      );
  const allowedOrigins = (list(env, 'ALLOWED_ORIGINS') ?? [appOrigin, ...remotes]).map((value) =>
    origin('ALLOWED_ORIGINS', value),
  );
  const callbacks = [appOrigin, ...remotes.slice(0, 1)].map((o) => `${o}/auth/callback`);
  const redirectUriAllowlist = (list(env, 'REDIRECT_URI_ALLOWLIST') ?? callbacks).map((value) =>
    absoluteUrl('REDIRECT_URI_ALLOWLIST', value),
  );

  const databaseUrl = read(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  }
  const redisUrl = read(env, 'REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\/[^\s]+$/.test(redisUrl)) {
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  }

  const devIdpUrlRaw = read(env, 'DEV_IDP_URL');
  const metricsToken = read(env, 'METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new ConfigError(
      'METRICS_TOKEN',
      'must be at least 16 characters (it guards /api/metrics/)',
    );
  }

  const logLevel = read(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(
      'LOG_LEVEL',
      `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`,
    );
  }

  const google = group(env, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const);
  const apple = group(env, [
    'APPLE_CLIENT_ID',
    'APPLE_TEAM_ID',
    'APPLE_KEY_ID',
    'APPLE_PRIVATE_KEY',
  ] as const);
  if (apple && !apple.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n').includes('BEGIN PRIVATE KEY')) {
    throw new ConfigError('APPLE_PRIVATE_KEY', 'must be the PEM (PKCS#8) content of the .p8 key');
  }
  if (isProduction && !apiPublicUrl.startsWith('https:')) {
    throw new ConfigError('API_PUBLIC_URL', 'must use https when NODE_ENV=production');
  }

  return {
    nodeEnv,
    isProduction,
    port,
    host: read(env, 'API_HOST') ?? '127.0.0.1',
    trustProxy: trustProxy(env),
    appOrigin,
    apiPublicUrl,
    allowedOrigins: [...new Set(allowedOrigins)],
    redirectUriAllowlist: [...new Set(redirectUriAllowlist)],
    databaseUrl,
    redisUrl,
    redisPrefix: read(env, 'REDIS_PREFIX') ?? 'stride:',
    metricsToken,
    devIdpUrl: devIdpUrlRaw === undefined ? undefined : origin('DEV_IDP_URL', devIdpUrlRaw),
    sqlitePath: path.resolve(API_ROOT, read(env, 'SQLITE_PATH') ?? 'data/stride.db'),
    sqliteBusyTimeoutMs: int(env, 'SQLITE_BUSY_TIMEOUT_MS', 1000, 0, 60_000),
    listCacheMb: int(env, 'LIST_CACHE_MB', 32, 0, 4096),
    sessionAbsoluteTtlMs: int(env, 'SESSION_ABSOLUTE_TTL_HOURS', 720, 1, 8760) * 3_600_000,
    sessionIdleTtlMs: int(env, 'SESSION_IDLE_TTL_HOURS', 168, 1, 8760) * 3_600_000,
    devIdpPort: int(env, API_DEFAULTS.idpPortEnv, API_DEFAULTS.idpPort, 0, 65535),
    logLevel,
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 120, 1, 100_000),
    telemetryRateLimitPerMinute: int(env, 'TELEMETRY_RATE_LIMIT_PER_MINUTE', 60, 1, 100_000),
    telemetry: {
      clientsPerAddress: int(
        env,
        'TELEMETRY_CLIENTS_PER_ADDRESS',
        REMOTE_LOADS.clientsPerAddressMax,
        1,
        100_000,
      ),
      rowsMax: int(env, 'TELEMETRY_ROWS_MAX', REMOTE_LOADS.rowsMax, 1000, 10_000_000),
    },
    liveSync: {
      streamsMax: int(env, 'LIVE_SYNC_STREAMS_MAX', LIVE_SYNC.streamsMax, 1, 1_000_000),
      streamsPerUser: int(env, 'LIVE_SYNC_STREAMS_PER_USER', LIVE_SYNC.streamsPerUserMax, 1, 1000),
      lifetimeMs:
        int(env, 'LIVE_SYNC_LIFETIME_SECONDS', LIVE_SYNC.lifetimeMs / 1000, 1, 24 * 3600) * 1000,
      drainMs: int(env, 'LIVE_SYNC_DRAIN_SECONDS', LIVE_SYNC.drainMs / 1000, 1, 600) * 1000,
    },
    google: google && {
      clientId: google.GOOGLE_CLIENT_ID,
      clientSecret: google.GOOGLE_CLIENT_SECRET,
    },
    apple: apple && {
      clientId: apple.APPLE_CLIENT_ID,
      teamId: apple.APPLE_TEAM_ID,
      keyId: apple.APPLE_KEY_ID,
      privateKey: apple.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n'),
    },
  };
}

/** For a process entry: the configuration, or one line naming the bad variable and exit 1. */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

/** True when at least one provider must be played by the local dev identity provider. */
export function needsDevIdp(config: Config): boolean {
  return deploymentNeedsDevIdp({
    production: config.isProduction,
    google: Boolean(config.google),
    apple: Boolean(config.apple),
  });
}
