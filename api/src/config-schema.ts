// Every environment variable the API reads, in one schema: its type, bounds,
// default and the sentence the README's table shows (generated from here by
// `pnpm --filter @stride/api docs:env`; config-docs.test.ts keeps the README
// in step). `config.ts` validates the environment against it with env-schema
// and keeps only the rules one field cannot say (an origin's shape, a group
// of variables set together, production's https).
//
// Two keywords of our own, which the validator ignores:
//   shownDefault — what the table shows when the default is worked out from
//                  other variables (so the schema has none to apply);
//   problem      — the sentence a value that fails `pattern` or `minLength` gets.
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { LIVE_SYNC, REMOTE_LOADS } from '@stride/shared/limits';
import { API_DEFAULTS, HOST, REMOTES } from '@stride/shared/topology';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const NODE_ENVS = ['development', 'production', 'test'] as const;

/** The keywords the schema adds for its table; the validator is told to ignore them. */
export const DOC_KEYWORDS = ['shownDefault', 'problem'] as const;

/** Longest value of a variable holding one URL, address or name. */
const ONE_VALUE_MAX = 2048;
/** Longest value of a variable holding a comma-separated list. */
const LIST_MAX = 16_384;

interface Doc {
  description: string;
  shownDefault?: string;
}

function whole(min: number, max: number, fallback: number, doc: Doc) {
  return Type.Integer({ minimum: min, maximum: max, default: fallback, ...doc });
}

function port(fallback: number, doc: Doc, min = 0) {
  return whole(min, 65_535, fallback, doc);
}

function text(
  doc: Doc & { minLength?: number; maxLength?: number; pattern?: string; problem?: string },
) {
  return Type.Optional(Type.String({ maxLength: ONE_VALUE_MAX, ...doc }));
}

function textWithDefault(fallback: string, doc: Doc) {
  return Type.String({ maxLength: ONE_VALUE_MAX, default: fallback, ...doc });
}

function oneOf<const T extends readonly string[]>(
  values: T,
  options: Doc & { default?: T[number] },
) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

const remotePorts = Object.fromEntries(
  Object.values(REMOTES).map((remote) => [
    remote.portEnv,
    port(
      remote.port,
      {
        description: `outside production, where ${remote.dir}'s standalone dev page runs (the variable \`pnpm dev\` and \`pnpm start\` use): it is in the default \`ALLOWED_ORIGINS\`${remote.dir === 'remote-auth' ? ', and its `/auth/callback` in the default `REDIRECT_URI_ALLOWLIST`' : ''}`,
      },
      1,
    ),
  ]),
) as Record<(typeof REMOTES)[keyof typeof REMOTES]['portEnv'], ReturnType<typeof port>>;

export const ENV_SCHEMA = Type.Object(
  {
    NODE_ENV: oneOf(NODE_ENVS, {
      default: 'development',
      description:
        '`production` switches cookies to `__Host-…; Secure`, requires an https `API_PUBLIC_URL` and never starts the local identity provider',
    }),
    [API_DEFAULTS.portEnv]: port(API_DEFAULTS.port, { description: 'port to listen on' }),
    API_HOST: textWithDefault('127.0.0.1', {
      description:
        'address to bind; the default answers on `http://127.0.0.1:8000` and `http://localhost:8000` (browsers and curl fall back from `::1`); `0.0.0.0` in a container',
    }),
    TRUST_PROXY: text({
      maxLength: LIST_MAX,
      shownDefault: '— (none: the connecting address)',
      description:
        "comma list of the reverse proxies' IP addresses or CIDR ranges (`10.0.0.0/8`, `::1`, `loopback`; at most 64): only their `X-Forwarded-For` names the client that rate limits count. Refused: `true` (any client could pick its own address) and hop counts (Fastify 5.12 ignores them). The proxy must overwrite the header, not append to it (the nginx recipe sets `$remote_addr`); `pnpm start` sets `127.0.0.1` under one origin (its own proxy)",
    }),
    [HOST.portEnv]: port(
      HOST.port,
      { description: "the host's port, which `APP_ORIGIN`'s default follows" },
      1,
    ),
    APP_ORIGIN: text({
      shownDefault: `\`http://localhost:$${HOST.portEnv}\``,
      description:
        "the SPA's public origin: Google returns to `APP_ORIGIN/auth/callback`; Apple's callback answers 303 to `APP_ORIGIN/auth/success` or `APP_ORIGIN/auth/error?error=<code>`",
    }),
    API_PUBLIC_URL: text({
      shownDefault: `\`http://localhost:$${API_DEFAULTS.portEnv}\``,
      description:
        "the API's public origin; Apple's redirect URI is `API_PUBLIC_URL/api/auth/oauth/apple/callback/`; `pnpm start` sets the host's origin under one origin",
    }),
    ...remotePorts,
    ALLOWED_ORIGINS: text({
      maxLength: LIST_MAX,
      shownDefault: "`APP_ORIGIN`, plus the remotes' dev pages outside production",
      description:
        'comma list of exact origins for CORS (with credentials) and the CSRF `Origin` check',
    }),
    REDIRECT_URI_ALLOWLIST: text({
      maxLength: LIST_MAX,
      shownDefault: "`APP_ORIGIN/auth/callback`, plus remote-auth's dev page's outside production",
      description:
        'comma list of exact `redirect_uri` values the SPA may pass to the initiate calls',
    }),
    DATABASE_URL: text({
      pattern: '^postgres(ql)?://',
      problem: 'must be a postgres:// or postgresql:// URL',
      description: 'PostgreSQL instead of SQLite (see "PostgreSQL" in api/README.md)',
    }),
    SQLITE_PATH: textWithDefault('data/stride.db', {
      description: 'the SQLite file, relative to the `api/` package (not the working directory)',
    }),
    SQLITE_BUSY_TIMEOUT_MS: whole(0, 60_000, 1000, {
      description:
        'how long a goal or task write waits (between attempts, never blocking other requests) for a lock another process holds; then 503',
    }),
    LIST_CACHE_MB: whole(0, 4096, 32, {
      description:
        'memory for cached list pages (see "List cache" in api/README.md); `0` turns the cache off',
    }),
    REDIS_URL: text({
      pattern: '^rediss?://\\S+$',
      problem: 'must be a redis:// or rediss:// URL',
      description:
        "Redis shared by several API instances: the rate-limit counters, every cache delete published so each instance drops its copy (sessions, profiles), and live sync's change feed to the streams open on every instance (without Redis, PostgreSQL's LISTEN/NOTIFY). Health checks it with a PING (500 ms timeout). Unset: all in-process. Redis away: `degraded`, requests pass the rate limiter, caches fall back to their seconds-long TTLs, reconnection is automatic",
    }),
    REDIS_PREFIX: textWithDefault('stride:', {
      description: 'put before every Redis key and channel, so deployments can share one Redis',
    }),
    METRICS_TOKEN: text({
      minLength: 16,
      maxLength: 1024,
      problem: 'must be at least 16 characters (it guards /api/metrics/)',
      description:
        'turns on `GET /api/metrics/` for Prometheus (`Authorization: Bearer <token>`; see "Metrics" in api/README.md) and `GET /api/telemetry/remote-loads/stats/` (remote loads per version, reported by browsers)',
    }),
    DEV_IDP_URL: text({
      description:
        'a dev identity provider already running (`pnpm --filter @stride/api start:idp`), shared by several API instances; unset, each API starts its own when needed',
    }),
    [API_DEFAULTS.idpPortEnv]: port(API_DEFAULTS.idpPort, {
      description: 'port of the dev identity provider (issuer `http://127.0.0.1:<port>`)',
    }),
    SESSION_ABSOLUTE_TTL_HOURS: whole(1, 8760, 720, {
      description: 'a session ends this long after sign-in, however active (720: 30 days)',
    }),
    SESSION_IDLE_TTL_HOURS: whole(1, 8760, 168, {
      description: 'a session ends after this long without a request (168: 7 days)',
    }),
    AUTH_RATE_LIMIT_PER_MINUTE: whole(1, 100_000, 120, {
      description: 'requests per minute per IP on each `/auth/oauth/*` route (429 beyond)',
    }),
    TELEMETRY_RATE_LIMIT_PER_MINUTE: whole(1, 100_000, 60, {
      description:
        'remote-load batches per minute per IP on `POST /api/telemetry/remote-loads/` (429 beyond)',
    }),
    TELEMETRY_CLIENTS_PER_ADDRESS: whole(1, 100_000, REMOTE_LOADS.clientsPerAddressMax, {
      description:
        'browsers counted per address (an IPv6 one by its /64) and version in the remote-load figures; set it high where all browsers share one address (the e2e deployment)',
    }),
    TELEMETRY_ROWS_MAX: whole(1000, 10_000_000, REMOTE_LOADS.rowsMax, {
      description:
        'remote loads kept at most, the oldest deleted first (checked every 1,000 rows an instance adds, and every 10 minutes)',
    }),
    LIVE_SYNC_STREAMS_PER_USER: whole(1, 1000, LIVE_SYNC.streamsPerUserMax, {
      description:
        'open change streams (`GET /api/events/`) per user on one instance; one more is a 429 `too_many_streams` with `Retry-After` before the stream starts',
    }),
    LIVE_SYNC_STREAMS_MAX: whole(1, 1_000_000, LIVE_SYNC.streamsMax, {
      description: 'open change streams in all on one instance; one more is a 429 as above',
    }),
    LIVE_SYNC_LIFETIME_SECONDS: whole(1, 24 * 3600, LIVE_SYNC.lifetimeMs / 1000, {
      description:
        "a change stream's longest life, plus up to a tenth at random; it then ends with an `end` event and the browser reconnects",
    }),
    LIVE_SYNC_DRAIN_SECONDS: whole(1, 600, LIVE_SYNC.drainMs / 1000, {
      description:
        'a change stream whose client stops reading is sent nothing more, and cut off when it has not drained after this long',
    }),
    VAPID_PUBLIC_KEY: text({
      maxLength: 256,
      pattern: '^[A-Za-z0-9_-]+$',
      problem: 'must be base64url, as `web-push generate-vapid-keys` prints it',
      shownDefault: '— (a pair made once and kept in the database)',
      description:
        "the server's Web Push (VAPID) public key, with `VAPID_PRIVATE_KEY` (both or neither). Unset: the API makes a pair once and keeps it in the `server_keys` table, so every instance and every restart uses the same one. Changing the key makes every browser's subscription useless until it subscribes again",
    }),
    VAPID_PRIVATE_KEY: text({
      maxLength: 256,
      pattern: '^[A-Za-z0-9_-]+$',
      problem: 'must be base64url, as `web-push generate-vapid-keys` prints it',
      description: 'its private key (both or neither; the pair is checked at boot)',
    }),
    VAPID_SUBJECT: text({
      shownDefault:
        '`APP_ORIGIN` when it is https (and not localhost), else `mailto:push@<its host>`',
      description:
        "who push services contact about this server's messages: a `mailto:` address or an `https:` URL (not localhost, which Apple refuses)",
    }),
    PUSH_SERVICES: text({
      maxLength: LIST_MAX,
      shownDefault:
        "the browsers' own: FCM, Mozilla's, `https://*.push.apple.com`, `https://*.notify.windows.com`",
      description:
        "comma list of the push services' origins a Web Push subscription may name (`https://*.example.com`: its subdomains); any other endpoint is refused with 400 `push_service_not_allowed`, so the server never posts to a host a user chose. http only outside production (tests run one on 127.0.0.1)",
    }),
    LOG_LEVEL: Type.Optional(
      oneOf(LOG_LEVELS, {
        shownDefault: '`info` (`silent` under `NODE_ENV=test`)',
        description: 'pino level',
      }),
    ),
    GOOGLE_CLIENT_ID: text({ description: 'a real Google client (with `GOOGLE_CLIENT_SECRET`)' }),
    GOOGLE_CLIENT_SECRET: text({ description: 'its secret (both or neither)' }),
    APPLE_CLIENT_ID: text({
      description: 'a real Apple client: its Services ID (all four or none)',
    }),
    APPLE_TEAM_ID: text({ description: 'its team' }),
    APPLE_KEY_ID: text({ description: 'its Sign in with Apple key' }),
    APPLE_PRIVATE_KEY: text({
      maxLength: 8192,
      description: 'the PEM (PKCS#8) content of the `.p8` key (`\\n` escapes accepted)',
    }),
  },
  // Nothing but these is kept (env-schema would set it anyway).
  { additionalProperties: false },
);

/** The environment once validated: typed, defaults applied, nothing else kept. */
export type Environment = Static<typeof ENV_SCHEMA>;

/** The schema of one variable, as the validator and the table read it. */
export type VariableSchema = TSchema & Doc & { problem?: string };
