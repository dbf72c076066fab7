import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { ConfigError, loadConfig, needsDevIdp } from '../src/config.js';

const API_DIR = path.resolve(__dirname, '..');

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
    [{ API_PORT: 'eighty' }, 'API_PORT'],
    [{ REMOTE_GOALS_PORT: 'x' }, 'REMOTE_GOALS_PORT'],
    [{ API_PORT: '70000' }, 'API_PORT'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ APP_ORIGIN: 'localhost:3000' }, 'APP_ORIGIN'],
    [{ APP_ORIGIN: 'http://localhost:3000/app' }, 'APP_ORIGIN'],
    [{ ALLOWED_ORIGINS: 'http://a.test,*' }, 'ALLOWED_ORIGINS'],
    [{ REDIRECT_URI_ALLOWLIST: 'not a url' }, 'REDIRECT_URI_ALLOWLIST'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL'],
    [{ REDIS_URL: 'http://localhost:6379' }, 'REDIS_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SESSION_IDLE_TTL_HOURS: '0' }, 'SESSION_IDLE_TTL_HOURS'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '-1' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET'],
    [{ APPLE_CLIENT_ID: 'a', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k' }, 'APPLE_PRIVATE_KEY'],
    [{ NODE_ENV: 'production' }, 'API_PUBLIC_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '127.0.0.1,nginx.local' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/8/8' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: Array.from({ length: 65 }, (_, i) => `10.0.0.${i}`).join(',') }, 'TRUST_PROXY'],
  ])('rejects %o naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env as Record<string, string>);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
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
