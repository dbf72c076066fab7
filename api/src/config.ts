// The one module that reads process.env. Every variable is validated here at
// boot against config-schema.ts; a bad value stops the server with one message
// naming the variable. Add a variable to the schema (its type, bounds, default
// and the README's sentence), then read it here.
import { createECDH } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  API_DEFAULTS,
  needsDevIdp as deploymentNeedsDevIdp,
  HOST,
  REMOTES,
} from '@stride/shared/topology';
import { withoutTrailingSlashes } from '@stride/shared/url';
import type { Ajv, ErrorObject } from 'ajv';
import { envSchema } from 'env-schema';
import {
  DOC_KEYWORDS,
  ENV_SCHEMA,
  type Environment,
  type VariableSchema,
} from './config-schema.js';
import { DEFAULT_PUSH_SERVICES, type PushService, parsePushService } from './lib/push-services.js';

export type NodeEnv = 'development' | 'production' | 'test';

export interface GoogleClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface PushConfig {
  /** The VAPID pair from the environment; unset, one is made once and kept in `server_keys`. */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** The VAPID `sub` claim: a mailto: address or an https: URL. */
  subject: string;
  /** The push services an endpoint may belong to (lib/push-services.ts). */
  services: PushService[];
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
  push: PushConfig;
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
const VARIABLES = Object.keys(ENV_SCHEMA.properties) as (keyof Environment)[];

/**
 * One validator for every load: env-schema's own settings (coercion of
 * numbers, defaults, nothing kept beyond the schema) plus the table's
 * keywords, which it must ignore rather than refuse.
 */
let validator: Ajv | undefined;
function withDocKeywords(fresh: Ajv): Ajv {
  if (!validator) {
    fresh.addVocabulary([...DOC_KEYWORDS]);
    validator = fresh;
  }
  return validator;
}

/** Trimmed values of the schema's variables; an empty one counts as unset. */
function schemaVariables(env: Env): Record<string, string> {
  const present: Record<string, string> = {};
  for (const name of VARIABLES) {
    const value = env[name]?.trim();
    if (value) present[name] = value;
  }
  return present;
}

/** The schema's first complaint, as the sentence ConfigError carries. */
function problemOf(error: ErrorObject, raw: Record<string, string>): ConfigError {
  const name = error.instancePath.slice(1);
  const schema = (ENV_SCHEMA.properties as Record<string, VariableSchema | undefined>)[name];
  const value = raw[name];
  if (!schema) return new ConfigError(name || 'The environment', error.message ?? 'is not valid');
  switch (error.keyword) {
    case 'type':
      return new ConfigError(name, `must be a whole number, got "${value}"`);
    case 'minimum':
    case 'maximum':
      return new ConfigError(
        name,
        `must be between ${schema.minimum} and ${schema.maximum}, got ${value}`,
      );
    case 'enum':
      return new ConfigError(
        name,
        `must be one of ${(schema.enum as string[]).join(', ')}, got "${value}"`,
      );
    case 'maxLength':
      return new ConfigError(name, `must be at most ${schema.maxLength} characters long`);
    default:
      return new ConfigError(name, schema.problem ?? error.message ?? 'is not valid');
  }
}

/** The environment checked against ENV_SCHEMA: typed, defaults applied. */
function validated(env: Env): Environment {
  const raw = schemaVariables(env);
  try {
    return envSchema<Environment>({
      schema: ENV_SCHEMA,
      data: raw,
      env: false,
      ajv: { customOptions: withDocKeywords },
    });
  } catch (err) {
    const first = (err as { errors?: ErrorObject[] }).errors?.[0];
    if (!first) throw err;
    throw problemOf(first, raw);
  }
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

function list(name: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new ConfigError(name, 'must list at least one value');
  return items;
}

function group<T extends keyof Environment>(
  env: Environment,
  names: readonly T[],
): Record<T, string> | undefined {
  const present = names.filter((name) => env[name] !== undefined);
  if (present.length === 0) return undefined;
  const missing = names.find((name) => env[name] === undefined);
  if (missing) {
    throw new ConfigError(missing, `is required when ${present.join(', ')} is set`);
  }
  const values = {} as Record<T, string>;
  for (const name of names) values[name] = String(env[name]);
  return values;
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
function trustProxy(raw: string | undefined): TrustProxy {
  const name = 'TRUST_PROXY';
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true' || /^\d+$/.test(raw)) {
    throw new ConfigError(
      name,
      `must list the proxies' addresses (e.g. 127.0.0.1), got "${raw}": trusting any peer lets a client pick the address its rate limits count`,
    );
  }
  const items = list(name, raw) ?? [];
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

/** A VAPID pair as web-push takes it: a P-256 point (65 bytes) and the scalar (32) that makes it. */
function vapidPair(env: Environment): PushConfig['vapid'] {
  const pair = group(env, ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY'] as const);
  if (!pair) return undefined;
  const publicKey = Buffer.from(pair.VAPID_PUBLIC_KEY, 'base64url');
  const privateKey = Buffer.from(pair.VAPID_PRIVATE_KEY, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY',
      'must be an uncompressed P-256 public key (65 bytes)',
    );
  }
  if (privateKey.length !== 32) {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'must be a P-256 private key (32 bytes)');
  }
  // A mismatched pair would sign messages no push service accepts: say so at boot.
  let derived: Buffer;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    derived = ecdh.getPublicKey();
  } catch {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'is not a valid P-256 private key');
  }
  if (!derived.equals(publicKey)) {
    throw new ConfigError('VAPID_PRIVATE_KEY', 'does not belong to VAPID_PUBLIC_KEY');
  }
  return { publicKey: pair.VAPID_PUBLIC_KEY, privateKey: pair.VAPID_PRIVATE_KEY };
}

/**
 * The VAPID subject. web-push refuses anything but mailto: and https:, and
 * Apple refuses an https://localhost one, so a local http origin gives a
 * mailto: address at its host instead of making every send throw.
 */
function vapidSubject(raw: string | undefined, appOrigin: string): string {
  if (raw === undefined) {
    const app = new URL(appOrigin);
    return app.protocol === 'https:' && app.hostname !== 'localhost'
      ? app.origin
      : `mailto:push@${app.hostname}`;
  }
  const problem = 'must be a mailto: address or an https: URL (not localhost), got';
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('VAPID_SUBJECT', `${problem} "${raw}"`);
  }
  const mailto = url.protocol === 'mailto:' && /^mailto:[^\s@]+@[^\s@]+$/.test(raw);
  const https = url.protocol === 'https:' && url.hostname !== 'localhost';
  if (!mailto && !https) throw new ConfigError('VAPID_SUBJECT', `${problem} "${raw}"`);
  return raw;
}

function pushServices(raw: string | undefined, isProduction: boolean): PushService[] {
  const name = 'PUSH_SERVICES';
  const services = (list(name, raw) ?? DEFAULT_PUSH_SERVICES.split(',')).map((item) => {
    const service = parsePushService(item);
    if (!service) {
      throw new ConfigError(
        name,
        `must list origins like https://fcm.googleapis.com or https://*.push.apple.com, got "${item}"`,
      );
    }
    if (isProduction && service.protocol !== 'https:') {
      throw new ConfigError(name, `must use https when NODE_ENV=production, got "${item}"`);
    }
    return service;
  });
  return services;
}

export function loadConfig(env: Env = process.env): Config {
  const vars = validated(env);
  const nodeEnv = vars.NODE_ENV;
  const isProduction = nodeEnv === 'production';

  const appOrigin = origin(
    'APP_ORIGIN',
    vars.APP_ORIGIN ?? `http://localhost:${vars[HOST.portEnv]}`,
  );
  const port = vars[API_DEFAULTS.portEnv];
  // The public URL follows a moved port unless it is set outright.
  const apiPublicUrl = origin('API_PUBLIC_URL', vars.API_PUBLIC_URL ?? `http://localhost:${port}`);
  // Outside production the remotes' standalone dev pages may call the API,
  // and remote-auth's page (first in the table) may finish a Google sign-in. Their ports
  // are the ones `pnpm dev` and `pnpm start` use.
  const remotes = isProduction
    ? []
    : Object.values(REMOTES).map((remote) => `http://localhost:${vars[remote.portEnv]}`);
  const allowedOrigins = (
    list('ALLOWED_ORIGINS', vars.ALLOWED_ORIGINS) ?? [appOrigin, ...remotes]
  ).map((value) => origin('ALLOWED_ORIGINS', value));
  const callbacks = [appOrigin, ...remotes.slice(0, 1)].map((o) => `${o}/auth/callback`);
  const redirectUriAllowlist = (
    list('REDIRECT_URI_ALLOWLIST', vars.REDIRECT_URI_ALLOWLIST) ?? callbacks
  ).map((value) => absoluteUrl('REDIRECT_URI_ALLOWLIST', value));

  const google = group(vars, ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] as const);
  const apple = group(vars, [
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
    host: vars.API_HOST,
    trustProxy: trustProxy(vars.TRUST_PROXY),
    appOrigin,
    apiPublicUrl,
    allowedOrigins: [...new Set(allowedOrigins)],
    redirectUriAllowlist: [...new Set(redirectUriAllowlist)],
    databaseUrl: vars.DATABASE_URL,
    redisUrl: vars.REDIS_URL,
    redisPrefix: vars.REDIS_PREFIX,
    metricsToken: vars.METRICS_TOKEN,
    devIdpUrl: vars.DEV_IDP_URL === undefined ? undefined : origin('DEV_IDP_URL', vars.DEV_IDP_URL),
    sqlitePath: path.resolve(API_ROOT, vars.SQLITE_PATH),
    sqliteBusyTimeoutMs: vars.SQLITE_BUSY_TIMEOUT_MS,
    listCacheMb: vars.LIST_CACHE_MB,
    sessionAbsoluteTtlMs: vars.SESSION_ABSOLUTE_TTL_HOURS * 3_600_000,
    sessionIdleTtlMs: vars.SESSION_IDLE_TTL_HOURS * 3_600_000,
    devIdpPort: vars[API_DEFAULTS.idpPortEnv],
    logLevel: vars.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    authRateLimitPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE,
    telemetryRateLimitPerMinute: vars.TELEMETRY_RATE_LIMIT_PER_MINUTE,
    telemetry: {
      clientsPerAddress: vars.TELEMETRY_CLIENTS_PER_ADDRESS,
      rowsMax: vars.TELEMETRY_ROWS_MAX,
    },
    liveSync: {
      streamsMax: vars.LIVE_SYNC_STREAMS_MAX,
      streamsPerUser: vars.LIVE_SYNC_STREAMS_PER_USER,
      lifetimeMs: vars.LIVE_SYNC_LIFETIME_SECONDS * 1000,
      drainMs: vars.LIVE_SYNC_DRAIN_SECONDS * 1000,
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
    push: {
      vapid: vapidPair(vars),
      subject: vapidSubject(vars.VAPID_SUBJECT, appOrigin),
      services: pushServices(vars.PUSH_SERVICES, isProduction),
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
