#!/usr/bin/env node
// `pnpm dev`: Rsbuild dev servers (HMR) for the host and every remote, and the
// API in watch mode when it exists, all in one terminal with prefixed output.
// Ctrl-C stops all of them. Ports come from each rsbuild.config.ts (which reads
// the shared port table), so nothing here needs editing when an app is added
// to the workspace with a `dev` script.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COLORS = [36, 35, 33, 32, 34, 91];
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

const apps = [
  'host',
  ...readdirSync(ROOT)
    .filter((name) => name.startsWith('remote-'))
    .sort(),
].filter((dir) => existsSync(join(ROOT, dir, 'rsbuild.config.ts')));

const tasks = apps.map((dir) => ({
  label: dir,
  command: join(ROOT, dir, 'node_modules', '.bin', 'rsbuild'),
  args: ['dev'],
  cwd: join(ROOT, dir),
}));
if (existsSync(join(ROOT, 'api', 'src', 'server.ts'))) {
  // The API's CORS and redirect allow-lists follow the host's origin, and its
  // public URL (Apple's form_post target) its own port.
  const { HOST_PORT, API_PORT, API_PUBLIC_URL } = process.env;
  const env = {
    ...(HOST_PORT ? { APP_ORIGIN: `http://localhost:${HOST_PORT}` } : {}),
    ...(API_PORT && !API_PUBLIC_URL ? { API_PUBLIC_URL: `http://localhost:${API_PORT}` } : {}),
  };
  tasks.push({
    label: 'api',
    command: 'pnpm',
    args: ['--filter', '@stride/api', 'dev'],
    cwd: ROOT,
    env,
  });
}

const width = Math.max(...tasks.map((task) => task.label.length));
const children = [];
let stopping = false;

function prefixer(label, index) {
  const text = label.padEnd(width);
  const tag = useColor ? `\x1b[${COLORS[index % COLORS.length]}m${text}\x1b[0m` : text;
  let rest = '';
  return (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    // Once stopping, the children's shutdown chatter (pnpm's "failed with SIGTERM") is noise.
    if (stopping) return;
    for (const line of lines) process.stdout.write(`${tag} │ ${line}\n`);
  };
}

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    try {
      // Each child leads its own process group: this reaches its workers too.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  setTimeout(() => process.exit(code), 3000).unref();
  Promise.all(children.map((child) => new Promise((done) => child.once('exit', done)))).then(() =>
    process.exit(code),
  );
}

tasks.forEach((task, index) => {
  const child = spawn(task.command, task.args, {
    cwd: task.cwd,
    env: { ...process.env, FORCE_COLOR: useColor ? '1' : '0', ...task.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const write = prefixer(task.label, index);
  child.stdout.setEncoding('utf8').on('data', write);
  child.stderr.setEncoding('utf8').on('data', write);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    write(`exited (${signal ?? `code ${code}`}); stopping the others\n`);
    stopAll(code || 1);
  });
  children.push(child);
});

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
