// `pnpm test:skew`: the version-skew matrix (docs/architecture.md §9). For each app whose
// sources changed since the live baseline (e2e/skew/baseline.json, or
// --baseline <rev>), compose that app's candidate build with every other app
// as live — host new × remotes live, each remote new × host and the other
// remotes live — and run the e2e smoke subset against it (for a remote, the
// part of it that loads that remote), one composition after another on the
// main suite's ports. Exits non-zero naming each
// composition that failed.
//
// --seed-incompatibility builds remote-goals with a call to a @stride/shared
// export no live host provides and runs only that composition: it must fail,
// and with --expect-failure this command passes only if it did, naming it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sharedNeeds, sharedProvides } from '@stride/deploy';
import { runCommand } from '@stride/deploy/run-command';
import { buildWhatIsMissing } from './lib/build';
import { API_BUILD, ROOT, type StaticApp, staticApps } from './lib/deployables';
import {
  type Baseline,
  baselineBuilds,
  baselineDir,
  resolveBaseline,
  run,
  sameAsBaseline,
} from './lib/skew-baseline';
import { withEdits } from './lib/source-edits';

const log = (line: string) => console.log(`skew: ${line}`);
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

interface Composition {
  name: string;
  /** App name → the dist folder served for it. */
  dists: Record<string, string>;
  /** More Playwright arguments (the seeded check runs the goals smoke test only). */
  args?: string[];
}

const candidateDist = (app: StaticApp) => join(ROOT, app.dir, 'dist');

function describe(app: string, apps: StaticApp[], baseline: Baseline, what = 'new'): string {
  const others = apps.filter((other) => other.name !== app).map((other) => other.name);
  return `${app} ${what} × ${others.join(', ')} live (${baseline.short})`;
}

/** The seeded incompatibility: remote-goals calls an export that no live host has. */
const PROBE = 'skewProbe';
async function buildSeededGoals(into: string): Promise<void> {
  await withEdits(
    ROOT,
    [
      {
        file: 'shared/src/index.ts',
        change: (text) => `${text}export const ${PROBE} = (): string => 'skew probe';\n`,
      },
      {
        file: 'remote-goals/src/features/goals/copy.ts',
        // Called as the module loads, as new code calling a new helper would be.
        change: (text) =>
          `import { ${PROBE} } from '@stride/shared';\n${text}\nexport const probe = ${PROBE}();\n`,
      },
    ],
    (copy) =>
      run('pnpm', ['--filter', './remote-goals', 'build'], copy, {
        ...process.env,
        STRIDE_DIST_DIR: into,
      }),
  );
}

/**
 * The smoke and skew tests that load a remote's pages: each is tagged with
 * the remote's name (`@remote_goals`). Beside a live host and live remotes,
 * the others only repeat what the baseline already ran together.
 */
const testsOf = (remote: string) => `^(?=.*@(smoke|skew)\\b)(?=.*@${remote}\\b)`;

/**
 * One changed app's candidate with everything else live. A remote that needs
 * `@stride/shared` exports the live host lacks cannot go live before the
 * host: the release gate refuses it (docs/architecture.md §9). Its deployable order is
 * the host's candidate first, so that is the composition tested, and the
 * name says why.
 */
function composeCandidate(
  app: StaticApp,
  apps: StaticApp[],
  changed: StaticApp[],
  baseline: Baseline,
  live: Record<string, string>,
): Composition {
  const host = apps[0];
  const alone: Composition = {
    name: describe(app.name, apps, baseline),
    dists: { ...live, [app.name]: candidateDist(app) },
    // A new host runs the whole subset; a new remote the tests that use it.
    ...(app === host ? {} : { args: ['--grep', testsOf(app.name)] }),
  };
  if (!host || app === host || !changed.includes(host)) return alone;
  const provided = new Set(
    sharedProvides(join(baselineDir(baseline), 'shared', 'src', 'index.ts')),
  );
  const missing = sharedNeeds(join(ROOT, app.dir), sharedProvides()).filter(
    (name) => !provided.has(name),
  );
  if (missing.length === 0) return alone;
  const others = apps.filter((other) => other !== app && other !== host).map((o) => o.name);
  return {
    name: `${app.name} new × ${host.name} new × ${others.join(', ')} live (${baseline.short}; the gate refuses ${app.name} before the host: it needs ${missing.join(', ')})`,
    dists: { ...live, [host.name]: candidateDist(host), [app.name]: candidateDist(app) },
  };
}

/** Runs the smoke subset against one composition; resolves to pass or fail and the output. */
async function runComposition(composition: Composition): Promise<{ ok: boolean; output: string }> {
  const { code, lines } = await runCommand(
    'pnpm',
    [
      ...['--filter', '@stride/e2e', 'exec', 'playwright', 'test'],
      ...['--config', 'playwright.skew.config.ts', ...(composition.args ?? [])],
    ],
    {
      cwd: ROOT,
      env: { ...process.env, STRIDE_SKEW_COMPOSITION: JSON.stringify(composition.dists) },
      onLine: (line) => process.stdout.write(`${line}\n`),
    },
  );
  return { ok: code === 0, output: lines.join('\n') };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      baseline: { type: 'string' },
      'seed-incompatibility': { type: 'boolean' },
      'expect-failure': { type: 'boolean' },
    },
  });
  const started = Date.now();
  const baseline = await resolveBaseline(values.baseline ?? process.env.STRIDE_SKEW_BASELINE);
  const apps = staticApps(process.env);
  const changed: StaticApp[] = [];
  for (const app of apps) if (!(await sameAsBaseline(app, baseline))) changed.push(app);
  log(
    `live baseline ${baseline.short}; changed since: ${changed.map((app) => app.name).join(', ') || 'nothing'}`,
  );

  const built = await buildWhatIsMissing([...apps, API_BUILD]);
  if (built.length > 0) log(`built the candidates ${built.map((app) => app.dir).join(', ')}`);
  const live: Record<string, string> = {
    ...Object.fromEntries(apps.map((app) => [app.name, candidateDist(app)])),
    ...(await baselineBuilds(baseline, changed, log)),
  };
  log(`builds ready in ${seconds(started)}`);

  let compositions: Composition[];
  let scratch: string | undefined;
  if (values['seed-incompatibility']) {
    scratch = mkdtempSync(join(tmpdir(), 'stride-skew-seed-'));
    const seeded = join(scratch, 'remote-goals');
    await buildSeededGoals(seeded);
    compositions = [
      {
        name: describe(
          'remote_goals',
          apps,
          baseline,
          `seeded (calls ${PROBE}, which no live host has)`,
        ),
        dists: { ...live, remote_goals: seeded },
        // The page that breaks, once: a retry would only fail again.
        args: ['goals.spec.ts', '--retries', '0'],
      },
    ];
  } else if (changed.length === 0) {
    compositions = [{ name: `every app as live (${baseline.short})`, dists: live }];
  } else {
    compositions = changed.map((app) => composeCandidate(app, apps, changed, baseline, live));
  }

  const results: { name: string; ok: boolean; time: string }[] = [];
  try {
    for (const composition of compositions) {
      const at = Date.now();
      log(`composing ${composition.name}`);
      const { ok } = await runComposition(composition);
      results.push({ name: composition.name, ok, time: seconds(at) });
      log(`${composition.name}: ${ok ? 'passed' : 'FAILED'} (${seconds(at)})`);
    }
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }

  console.log('\n━━ version-skew matrix');
  for (const result of results) {
    console.log(`  ${result.ok ? 'passed' : 'FAILED'}  ${result.name}  (${result.time})`);
  }
  const count = `${results.length} composition${results.length === 1 ? '' : 's'}`;
  console.log(`  ${count} in ${seconds(started)}, builds included`);
  const failed = results.filter((result) => !result.ok);
  if (values['expect-failure']) {
    if (failed.length === results.length && results.length > 0) {
      console.log(`skew: as expected, the matrix failed, naming: ${failed[0]?.name}`);
      return 0;
    }
    console.log('skew: FAILED: the seeded incompatibility passed the matrix unnoticed');
    return 1;
  }
  for (const result of failed) console.log(`FAILED: ${result.name}`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`skew: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
