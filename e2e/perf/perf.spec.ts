// `pnpm perf`: Lighthouse on the production build, mobile preset, for the
// pages a new user meets — /login, /onboarding, and with 20 tasks and a few
// goals, /dashboard, /goals and /tasks — against the budgets in budgets.ts.
// It prints one table and fails naming each page over budget. Machines are
// noisy: the audit starts once the machine is quiet (quiet.ts), each page is
// visited once uncounted, then audited PERF_RUNS times and each metric's
// median kept.
// /dashboard and /tasks are audited a second time as a repeat visit, keeping
// what a first visit left (the service worker's files, the saved answers).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { paths } from '@stride/shared';
import { HOST_URL, STATE_DIR } from '../support/env';
import {
  lcpBudgetOf,
  medianFigures,
  overBudget,
  type PageFigures,
  PERF_BUDGETS,
  PERF_RUNS,
  REFERENCE_CPU,
  repeatVisit,
} from './budgets';
import { type Cookie, startAuditor } from './lighthouse';
import { seedNewcomer, seedUser } from './perf-users';
import { type Quiet, untilQuiet } from './quiet';

/** The pages audited again as a repeat visit (docs/architecture.md §11). */
const REPEAT_VISITED = ['/dashboard', '/tasks'];

function formatTable(rows: PageFigures[]): string {
  const header = [
    'page',
    'performance',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'bytes',
    'JS',
    'within budget',
  ];
  const lines = rows.map((row) => [
    row.page,
    String(row.score),
    `${(row.fcpMs / 1000).toFixed(2)} s`,
    `${(row.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(row.tbtMs)} ms`,
    row.cls.toFixed(3),
    `${Math.round(row.bytes / 1024)} KB`,
    `${Math.round(row.jsBytes / 1024)} KB`,
    overBudget(row).join('; ') || 'yes',
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i]?.length ?? 0)),
  );
  return [header, ...lines]
    .map((line) => `| ${line.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`)
    .join('\n');
}

test('every page is within its Lighthouse budget on a phone', async ({ browser }) => {
  test.setTimeout(900_000);
  const signedIn = await seedUser(browser);
  const pages: [string, string, Cookie[]][] = [
    ['/login', paths.login, []],
    ['/onboarding', paths.onboarding, await seedNewcomer(browser)],
    ['/dashboard', paths.dashboard, signedIn],
    ['/goals', paths.goals, signedIn],
    ['/tasks', paths.tasks, signedIn],
  ];

  // PERF_PAGES=/dashboard,/tasks audits only those (while working on one page);
  // PERF_SCOPE=repeat only their repeat visits (docs/architecture.md §11), PERF_SCOPE=first only first visits.
  const only = process.env.PERF_PAGES?.split(',').map((page) => page.trim());
  const audited = pages.filter(([name]) => !only || only.includes(name));
  const firstVisits = process.env.PERF_SCOPE === 'repeat' ? [] : audited;
  const repeatVisits = process.env.PERF_SCOPE === 'first' ? [] : audited;
  const auditor = await startAuditor(join(STATE_DIR, 'perf'));
  const rows: PageFigures[] = [];
  let cpu = { benchmarkIndex: Number.NaN, cpuSlowdown: Number.NaN };
  let quiet: Quiet = { from: Number.NaN, to: Number.NaN, waitedMs: 0 };
  const perRun: string[] = [];
  try {
    quiet = await untilQuiet();
    cpu = await auditor.calibrate(`${HOST_URL}${paths.login}`);
    for (const [name, path, cookies] of firstVisits) {
      // One visit first, not counted: the servers' first answer for this page
      // (a bundle loaded, a list cached) is not what a phone measures.
      await auditor.audit(name, `${HOST_URL}${path}`, cookies);
      const runs: PageFigures[] = [];
      for (let run = 0; run < PERF_RUNS; run++) {
        runs.push(await auditor.audit(name, `${HOST_URL}${path}`, cookies));
      }
      perRun.push(`${name}: TBT ${runs.map((run) => Math.round(run.tbtMs)).join(', ')} ms`);
      rows.push(medianFigures(runs));
    }
    // Repeat visits: one first visit leaves the worker and the saved answers, then each run keeps them.
    for (const [name, path] of repeatVisits.filter(([name]) => REPEAT_VISITED.includes(name))) {
      await auditor.visit(`${HOST_URL}${path}`, signedIn);
      const runs: PageFigures[] = [];
      for (let run = 0; run < PERF_RUNS; run++) {
        runs.push(await auditor.audit(repeatVisit(name), `${HOST_URL}${path}`, signedIn, true));
      }
      rows.push(medianFigures(runs));
    }
  } finally {
    await auditor.close();
  }
  const table = formatTable(rows);
  console.log(
    `\nLighthouse, mobile preset with the CPU slowed ${cpu.cpuSlowdown}× (this machine's benchmark index ${Math.round(
      cpu.benchmarkIndex,
    )}; ${REFERENCE_CPU.slowdown}× on a ${REFERENCE_CPU.benchmarkIndex} desktop), median of ${PERF_RUNS} runs (budgets: performance ≥ ${
      PERF_BUDGETS.score
    }, LCP ≤ ${lcpBudgetOf('/login') / 1000} s on /login and ≤ ${
      lcpBudgetOf('other') / 1000
    } s elsewhere, TBT ≤ ${PERF_BUDGETS.tbtMs} ms, CLS ≤ ${PERF_BUDGETS.cls}):\n${table}\n`,
  );
  console.log(
    `The machine's load per core ${quiet.from.toFixed(2)} → ${quiet.to.toFixed(2)} (waited ${Math.round(
      quiet.waitedMs / 1000,
    )} s before the audit); each run's TBT:\n${perRun.join('\n')}\n`,
  );
  for (const row of rows) {
    if (row.cls > PERF_BUDGETS.cls) console.log(`${row.page} shifts: ${row.shifts.join(', ')}`);
  }
  writeFileSync(join(STATE_DIR, 'perf.json'), `${JSON.stringify(rows, null, 2)}\n`);
  const misses = rows.flatMap((row) => overBudget(row).map((miss) => `${row.page}: ${miss}`));
  expect(misses, 'pages over budget').toEqual([]);
});
