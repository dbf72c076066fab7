#!/usr/bin/env node
// `pnpm test`: everything, in order: typecheck, lint, every package's unit
// tests (rstest), the API's once more on PostgreSQL when
// STRIDE_TEST_POSTGRES_URL names a server (and on PostgreSQL + Redis when
// STRIDE_TEST_REDIS_URL names one too), the production build, then the
// end-to-end suite (Playwright) against it, Lighthouse on a phone for the
// first and repeat visits (`pnpm perf`), the version-skew matrix
// (`pnpm test:skew`), and the smoke subset against the scaled deployment
// (with PostgreSQL, Redis and nginx). Each step's output streams as it runs;
// a failing step does not stop the next, so one run reports every failure. The
// last line is the total over every runner, `N passed, N failed[, N skipped]`,
// which CI reads. Typecheck, lint and build count as one check each.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripAnsi, tally } from './lib/runner-output.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const E2E_RESULTS = join(ROOT, 'e2e', 'test-results', 'results.json');
const CHROMIUM = '/usr/bin/chromium';

function hasTestScript(dir) {
  const file = join(ROOT, dir, 'package.json');
  if (!existsSync(file)) return false;
  return Boolean(JSON.parse(readFileSync(file, 'utf8')).scripts?.test);
}

/**
 * shared, host, the remotes, the API, deploy, scripts (the repository's import
 * graph, docs/architecture.md §10): every package with unit tests, e2e aside.
 */
function unitPackages() {
  const remotes = readdirSync(ROOT)
    .filter((name) => name.startsWith('remote-') && statSync(join(ROOT, name)).isDirectory())
    .sort();
  return ['shared', 'host', ...remotes, 'api', 'deploy', 'scripts'].filter(hasTestScript);
}

/**
 * The `stats` of the JSON report this Playwright run wrote, if it wrote one:
 * preferred to the list reporter's summary, which runner-output.mjs reads otherwise.
 */
function playwrightStats(startedAt) {
  if (!existsSync(E2E_RESULTS) || statSync(E2E_RESULTS).mtimeMs < startedAt) return null;
  return JSON.parse(readFileSync(E2E_RESULTS, 'utf8')).stats ?? null;
}

let current = null;

function run(step) {
  const startedAt = Date.now();
  console.log(`\n━━ ${step.name}: ${[step.command, ...step.args].join(' ')}`);
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(step.command, step.args, {
      cwd: ROOT,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    current = child;
    const tee = (stream, sink) =>
      stream.on('data', (chunk) => {
        sink.write(chunk);
        output += chunk.toString('utf8');
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (code, signal) => {
      current = null;
      resolve({ code: code ?? 1, signal, output: stripAnsi(output), startedAt });
    });
  });
}

/** A step's pass/fail/skip counts, whatever its kind, and a short note for the summary. */
function count(step, { code, signal, output, startedAt }) {
  const seconds = `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
  const stats = step.kind === 'playwright' ? playwrightStats(startedAt) : null;
  return tally(step.kind, { code, signal, output, seconds, stats });
}

// With a PostgreSQL server (`npm run setup -- --postgres` starts one), the
// API's suite runs a second time on it, and with Redis as well (`--redis`) a
// third time on both, as the scaled deployment runs; every other run is on
// SQLite with the in-process cache.
const POSTGRES_URL = process.env.STRIDE_TEST_POSTGRES_URL;
const REDIS_URL = process.env.STRIDE_TEST_REDIS_URL;
// The smoke subset also runs on the scaled deployment (`pnpm start:scaled`:
// nginx, two API instances, PostgreSQL, Redis) when the machine has them.
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].some(existsSync);

const steps = [
  { name: 'typecheck', kind: 'check', command: 'pnpm', args: ['-r', 'typecheck'] },
  { name: 'lint', kind: 'check', command: 'pnpm', args: ['exec', 'biome', 'check', '.'] },
  ...unitPackages().map((dir) => ({
    name: `unit ${dir}`,
    kind: 'rstest',
    command: 'pnpm',
    args: ['--filter', `./${dir}`, 'run', 'test'],
    env: { STRIDE_TEST_POSTGRES_URL: '', STRIDE_TEST_REDIS_URL: '' },
  })),
  {
    name: 'unit api on PostgreSQL',
    kind: 'rstest',
    command: 'pnpm',
    args: ['--filter', './api', 'run', 'test'],
    env: { STRIDE_TEST_POSTGRES_URL: POSTGRES_URL, STRIDE_TEST_REDIS_URL: '' },
    needsPostgres: true,
  },
  {
    name: 'unit api on PostgreSQL + Redis',
    kind: 'rstest',
    command: 'pnpm',
    args: ['--filter', './api', 'run', 'test'],
    env: { STRIDE_TEST_POSTGRES_URL: POSTGRES_URL, STRIDE_TEST_REDIS_URL: REDIS_URL },
    needsPostgres: true,
    needsRedis: true,
  },
  { name: 'build', kind: 'check', command: 'pnpm', args: ['build'] },
  {
    name: 'e2e',
    kind: 'playwright',
    command: 'pnpm',
    args: ['--filter', '@stride/e2e', 'run', 'test'],
    needs: 'build',
  },
  // `pnpm perf`: Lighthouse on a phone (mobile preset, the CPU calibrated to
  // this machine) for the first visits of /login, /onboarding, /dashboard,
  // /goals and /tasks and the repeat visits of /dashboard and /tasks, each
  // the median of three runs, held to their budgets (e2e/perf/budgets.ts).
  {
    name: 'pages on a phone (Lighthouse)',
    kind: 'playwright',
    command: 'pnpm',
    args: ['--filter', '@stride/e2e', 'run', 'perf'],
    needs: 'build',
  },
  // The version-skew matrix (scripts/skew.ts) on the same ports, after the suite:
  // every changed app beside the live baseline's others, then a seeded
  // incompatibility that must fail.
  { name: 'skew matrix', kind: 'check', command: 'pnpm', args: ['test:skew'], needs: 'build' },
  {
    name: 'skew matrix catches a seeded incompatibility',
    kind: 'check',
    command: 'pnpm',
    args: ['test:skew', '--seed-incompatibility', '--expect-failure'],
    needs: 'build',
  },
  {
    name: 'e2e smoke, scaled',
    kind: 'playwright',
    command: 'pnpm',
    args: ['--filter', '@stride/e2e', 'run', 'test:scaled'],
    needs: 'build',
    needsPostgres: true,
    needsRedis: true,
    needsNginx: true,
  },
];

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (current?.pid) {
      try {
        process.kill(-current.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
    process.exit(130);
  });
}

const results = [];
for (const step of steps) {
  const blocker = step.needs && results.find((done) => done.name === step.needs && done.failed > 0);
  if (blocker) {
    results.push({
      name: step.name,
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `not run: ${step.needs} failed`,
    });
    continue;
  }
  if (step.needsPostgres && !POSTGRES_URL) {
    const note = 'not run: no STRIDE_TEST_POSTGRES_URL (npm run setup -- --postgres)';
    results.push({ name: step.name, passed: 0, failed: 0, skipped: 0, note });
    continue;
  }
  if (step.needsNginx && !NGINX) {
    const note = 'not run: no nginx (npm run setup -- --scaled)';
    results.push({ name: step.name, passed: 0, failed: 0, skipped: 0, note });
    continue;
  }
  if (step.needsRedis && !REDIS_URL) {
    const note = 'not run: no STRIDE_TEST_REDIS_URL (npm run setup -- --redis)';
    results.push({ name: step.name, passed: 0, failed: 0, skipped: 0, note });
    continue;
  }
  if (step.kind === 'playwright' && !existsSync(CHROMIUM)) {
    const note = `not run: no Chromium at ${CHROMIUM} (npm run setup -- --browser)`;
    results.push({ name: step.name, passed: 0, failed: 1, skipped: 0, note });
    continue;
  }
  if (step.kind === 'playwright') rmSync(E2E_RESULTS, { force: true });
  results.push({ name: step.name, ...count(step, await run(step)) });
}

const total = results.reduce(
  (sum, result) => ({
    passed: sum.passed + result.passed,
    failed: sum.failed + result.failed,
    skipped: sum.skipped + result.skipped,
  }),
  { passed: 0, failed: 0, skipped: 0 },
);
const width = Math.max(...results.map((result) => result.name.length));
console.log('\n━━ summary');
for (const result of results) console.log(`  ${result.name.padEnd(width)}  ${result.note}`);
if (total.passed + total.failed === 0) console.log('  no test ran: that is a failure too');
console.log(
  `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
);
process.exit(total.failed > 0 || total.passed + total.failed === 0 ? 1 : 0);
