import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { ConfigError, loadConfig, needsDevIdp } from '../src/config.js';

const API_DIR = path.resolve(__dirname, '..');

const CIDR = 'must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8000,
      host: '127.0.0.1',
      appOrigin: 'http://localhost:3000',
      apiPublicUrl: 'http://localhost:8000',
      redirectUriAllowlist: [
        'http://localhost:3000/auth/callback',
        'http://localhost:3001/auth/callback',
      ],
      devIdpPort: 9000,
      isProduction: false,
    });
    expect(config.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:3001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:3004',
    ]);
    expect(config.sqlitePath).toBe(path.join(API_DIR, 'data', 'stride.db'));
    expect(needsDevIdp(config)).toBe(true);
    expect(needsDevIdp(loadConfig({ NODE_ENV: 'production', API_PUBLIC_URL: 'https://a.b' }))).toBe(
      false,
    );
  });

  it('trusts no proxy by default, and exactly the listed addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1, ::1 ,10.0.0.0/8,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
      'loopback',
    ]);
  });

  it("allows the remotes' dev pages on the ports they run on, outside production only", () => {
    const config = loadConfig({ REMOTE_AUTH_PORT: '4001', REMOTE_TASKS_PORT: '4004' });
    expect(config.allowedOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:4001',
      'http://localhost:3002',
      'http://localhost:3003',
      'http://localhost:4004',
    ]);
    expect(config.redirectUriAllowlist).toContain('http://localhost:4001/auth/callback');
    const production = loadConfig({
      NODE_ENV: 'production',
      API_PUBLIC_URL: 'https://api.example',
      REMOTE_AUTH_PORT: '4001',
    });
    expect(production.allowedOrigins).toEqual(['http://localhost:3000']);
  });

  it.each([
    [{ API_PORT: 'eighty' }, 'API_PORT', 'must be a whole number, got "eighty"'],
    [{ API_PORT: '80.5' }, 'API_PORT', 'must be a whole number, got "80.5"'],
    [{ REMOTE_GOALS_PORT: 'x' }, 'REMOTE_GOALS_PORT', 'must be a whole number'],
    [{ API_PORT: '70000' }, 'API_PORT', 'must be between 0 and 65535, got 70000'],
    [
      { NODE_ENV: 'staging' },
      'NODE_ENV',
      'must be one of development, production, test, got "staging"',
    ],
    [
      { APP_ORIGIN: 'localhost:3000' },
      'APP_ORIGIN',
      'must be an origin like http://localhost:3000',
    ],
    [{ APP_ORIGIN: 'http://localhost:3000/app' }, 'APP_ORIGIN', 'must be an origin like'],
    [
      { APP_ORIGIN: `http://${'a'.repeat(2100)}.test` },
      'APP_ORIGIN',
      'must be at most 2048 characters long',
    ],
    [
      { ALLOWED_ORIGINS: 'http://a.test,*' },
      'ALLOWED_ORIGINS',
      'must be an origin like http://localhost:3000, got "*"',
    ],
    [
      { REDIRECT_URI_ALLOWLIST: 'not a url' },
      'REDIRECT_URI_ALLOWLIST',
      'must contain absolute http(s) URLs',
    ],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL', 'must be a postgres:// or postgresql:// URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL', 'must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL', 'must be a redis:// or rediss:// URL'],
    [
      { LOG_LEVEL: 'loud' },
      'LOG_LEVEL',
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN', 'must be at least 16 characters'],
    [
      { SESSION_IDLE_TTL_HOURS: '0' },
      'SESSION_IDLE_TTL_HOURS',
      'must be between 1 and 8760, got 0',
    ],
    [
      { AUTH_RATE_LIMIT_PER_MINUTE: '-1' },
      'AUTH_RATE_LIMIT_PER_MINUTE',
      'must be between 1 and 100000, got -1',
    ],
    [
      { GOOGLE_CLIENT_ID: 'id' },
      'GOOGLE_CLIENT_SECRET',
      'is required when GOOGLE_CLIENT_ID is set',
    ],
    [
      { APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k' },
      'APPLE_PRIVATE_KEY',
      'is required when APPLE_CLIENT_ID, APPLE_TEAM_ID, APPLE_KEY_ID is set',
    ],
    [{ NODE_ENV: 'production' }, 'API_PUBLIC_URL', 'must use https when NODE_ENV=production'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY', "must list the proxies' addresses"],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY', "must list the proxies' addresses"],
    [{ TRUST_PROXY: '127.0.0.1,nginx.local' }, 'TRUST_PROXY', `${CIDR} "nginx.local"`],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY', `${CIDR} "0.0.0.0/0"`],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY', `${CIDR} "10.0.0.0/33"`],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }, 'TRUST_PROXY', `${CIDR} "10.0.0.0/8/8"`],
    [
      { TRUST_PROXY: Array.from({ length: 65 }, (_, i) => `10.0.0.${i}`).join(',') },
      'TRUST_PROXY',
      'must list at most 64 addresses',
    ],
  ])('rejects %o naming %s', (env, variable, problem) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(`Invalid configuration: ${variable} ${problem}`);
  });

  it('reads numbers, trims values, and takes an empty one as unset', () => {
    const config = loadConfig({
      API_PORT: ' 8100 ',
      SESSION_IDLE_TTL_HOURS: '2',
      LIST_CACHE_MB: '0',
      REDIS_PREFIX: '   ',
      LOG_LEVEL: '',
    });
    expect(config.port).toBe(8100);
    expect(config.apiPublicUrl).toBe('http://localhost:8100');
    expect(config.sessionIdleTtlMs).toBe(2 * 3_600_000);
    expect(config.listCacheMb).toBe(0);
    expect(config.redisPrefix).toBe('stride:');
    expect(config.logLevel).toBe('info');
    expect(loadConfig({ NODE_ENV: 'test' }).logLevel).toBe('silent');
  });

  it('stops the server with one clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, API_PORT: 'eighty', NODE_ENV: 'test' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'Invalid configuration: API_PORT must be a whole number, got "eighty"',
    );
  }, 90_000);
});
