// The real process, from source (`tsx`) and compiled (`node dist/server.js`,
// as production runs it): the dev provider, reachable on localhost and
// 127.0.0.1, shutting down cleanly on SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';

const API_DIR = path.resolve(__dirname, '..');

const COMMANDS = {
  'from source (tsx)': ['--import', 'tsx', 'src/server.ts'],
  'compiled (plain node)': ['--enable-source-maps', 'dist/server.js'],
};

describe('server process', () => {
  it.each(Object.entries(COMMANDS))(
    '%s: starts the API and the dev provider, then stops gracefully on SIGTERM',
    async (name, args) => {
      if (name.startsWith('compiled')) {
        const built = spawnSync(process.execPath, ['build.mjs'], {
          cwd: API_DIR,
          encoding: 'utf8',
        });
        expect(built.status, built.stderr).toBe(0);
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stride-proc-'));
      const port = 18_000 + Math.floor(Math.random() * 1000);
      const idpPort = port + 1000;
      const child = spawn(process.execPath, args, {
        cwd: API_DIR,
        env: {
          ...process.env,
          NODE_ENV: 'development',
          API_PORT: String(port),
          DEV_IDP_PORT: String(idpPort),
          SQLITE_PATH: path.join(dir, 'stride.db'),
          LOG_LEVEL: 'info',
        },
      });
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        // Generous: tsx compiles on start, and CI machines can be busy.
        for (let i = 0; i < 400 && !out.includes('Stride API on'); i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(out).toContain(`dev identity provider on http://127.0.0.1:${idpPort}`);
        for (const host of ['localhost', '127.0.0.1']) {
          const res = await fetch(`http://${host}:${port}/api/health/`);
          expect(res.status).toBe(200);
        }
        const discovery = await fetch(
          `http://127.0.0.1:${idpPort}/.well-known/openid-configuration`,
        );
        expect(((await discovery.json()) as { issuer: string }).issuer).toBe(
          `http://127.0.0.1:${idpPort}`,
        );
      } finally {
        child.kill('SIGTERM');
      }
      expect(await exited).toBe(0);
      expect(out).toContain('shutting down');
      // The last connection closed cleanly: SQLite folded the WAL back in.
      expect(fs.existsSync(path.join(dir, 'stride.db-wal'))).toBe(false);
      fs.rmSync(dir, { recursive: true, force: true });
    },
    90_000,
  );
});
