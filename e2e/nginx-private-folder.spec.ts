// `pnpm start:scaled` from a checkout in a folder only its owner can read
// (/root/…, any `mktemp -d`): nginx, started as root, serves the apps with
// workers that run as the checkout's owner (scripts/lib/scaled.ts,
// nginxUserLine). Without that line its workers run as www-data and answer
// 404 for every app file while the deployment looks healthy. A real nginx on
// a folder made like that, with and without the line.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { nginxBinary, nginxUserLine } from '@stride/scripts/scaled';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Starts nginx on `dir` with `userLine`; resolves once it answers, with a way to stop it. */
async function serve(dir: string, userLine: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const conf = join(dir, `nginx-${port}.conf`);
  writeFileSync(
    conf,
    `${userLine}worker_processes 1;
pid ${join(dir, `nginx-${port}.pid`)};
error_log ${join(dir, `error-${port}.log`)} warn;
events { worker_connections 64; }
http {
    access_log off;
    server { listen 127.0.0.1:${port}; root ${dir}; }
}
`,
  );
  const nginx: ChildProcess = spawn(nginxBinary(), ['-c', conf, '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/index.html`;
  await expect
    .poll(
      () =>
        fetch(url).then(
          () => true,
          () => false,
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
  return { url, stop: () => nginx.kill('SIGTERM') };
}

test('nginx serves a checkout in a folder only its owner can read @scaled', async () => {
  test.skip(
    process.getuid?.() !== 0,
    'only nginx started as root runs its workers as someone else',
  );
  const dir = mkdtempSync(join(tmpdir(), 'stride-private-')); // mode 0700, like /root
  writeFileSync(join(dir, 'index.html'), '<p>Stride</p>');
  try {
    // nginx's own default: the workers cannot read the folder.
    const unreadable = await serve(dir, '');
    try {
      expect([403, 404]).toContain((await fetch(unreadable.url)).status);
    } finally {
      unreadable.stop();
    }
    const served = await serve(dir, nginxUserLine(dir));
    try {
      const res = await fetch(served.url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Stride');
    } finally {
      served.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
