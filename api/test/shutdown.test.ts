import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new ones, then closes the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-close-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', SQLITE_PATH: path.join(dir, 'db.sqlite') }),
    });
    // A request the test holds in its handler until the close has begun.
    let arrived = () => {};
    const inHandler = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/api/slow/', async () => {
      arrived();
      await released;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const inFlight = fetch(`${base}/api/slow/`);
    await inHandler;
    const closing = app.close();
    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    await closing;
    await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
    expect(fs.existsSync(path.join(dir, 'db.sqlite-wal'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
