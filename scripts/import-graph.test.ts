// The import rules of docs/architecture.md §10, over the whole repository:
// no import circle among source files, and the host's and the API's folders
// importing one way. dependency-cruiser walks the graph (docs/decisions.md
// says why that tool); this file only says which rules and where.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@rstest/core';
import { cruise, type IForbiddenRuleType, type IViolation } from 'dependency-cruiser';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Every package's own source, tests included: a circle through a test is a circle too. */
const SOURCES = [
  'shared/src',
  'host/src',
  ...readdirSync(ROOT)
    .filter((name) => name.startsWith('remote-'))
    .map((name) => `${name}/src`),
  'api/src',
  'api/test',
  'api/bench',
  'deploy/src',
  'scripts',
  'e2e',
];

/**
 * Folders as nodes: an arrow from app/ to top-bar/ and a chain of arrows
 * from top-bar/ back to app/ make a circle, whichever files carry them.
 */
function foldersOneWay(pkg: string): IForbiddenRuleType {
  return {
    name: `${pkg}-folders-one-way`,
    comment: `${pkg}/src's folders import one way (docs/architecture.md §10)`,
    severity: 'error',
    scope: 'folder',
    from: { path: `^${pkg}/src/` },
    to: { path: `^${pkg}/src/`, circular: true },
  };
}

const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-import-circle',
    comment: 'a module reaches itself through its imports (docs/architecture.md §10)',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  foldersOneWay('host'),
  {
    name: 'test-helpers-only-in-tests',
    comment: 'app code never imports the test helpers (docs/architecture.md §10)',
    severity: 'error',
    from: {
      path: '^(shared|host|remote-[a-z]+)/src/',
      pathNot: ['[.]test[.]tsx?$', '^shared/src/test-utils/', '/test/', 'rstest[.]config[.]ts$'],
    },
    to: { path: '^shared/src/test-utils/' },
  },
  // The services in plugins/ use the import readers in transfer/, which
  // read nothing of plugins/ (the record types sit in lib/ below both).
  foldersOneWay('api'),
];

function describeViolation(violation: IViolation): string {
  const cycle = violation.cycle?.map((step) => step.name) ?? [violation.to];
  return `${violation.rule.name}: ${[violation.from, ...cycle].join(' → ')}`;
}

/**
 * shared/src's folders, app code only. Its tests and test-utils/ sit above
 * every folder: a test imports the helpers, which import what they help
 * test, and nothing imports either (the rule above keeps it so). Folded
 * into their folders they would draw circles no module makes.
 */
const SHARED_FOLDERS = foldersOneWay('shared');

const BUILT = '(^|/)(node_modules|dist|test-results|playwright-report)/';

async function violationsOf(
  sources: string[],
  rules: IForbiddenRuleType[],
  exclude: string,
): Promise<{ cruised: number; violations: string[] }> {
  const result = await cruise(sources, {
    baseDir: ROOT,
    validate: true,
    ruleSet: { forbidden: rules },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: exclude },
    // A type-only import is an import: leaving it out would hide a circle
    // that only a refactor away becomes a run-time one.
    tsPreCompilationDeps: true,
    outputType: 'json',
    // Workspace packages resolve, through their `exports`, to their sources.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.d.mts', '.mts', '.mjs', '.js', '.json'],
    },
  });
  const cruised = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  return {
    cruised: cruised.summary.totalCruised,
    violations: (cruised.summary.violations as IViolation[]).map(describeViolation),
  };
}

describe('the import graph (docs/architecture.md §10)', () => {
  it('has no import circle, and the host and API folders import one way', async () => {
    const { cruised, violations } = await violationsOf(SOURCES, RULES, BUILT);
    expect(cruised).toBeGreaterThan(400);
    expect(violations).toEqual([]);
  });

  it("has shared/src's folders import one way", async () => {
    const tests = '[.]test[.]tsx?$|^shared/src/test-utils/';
    const { cruised, violations } = await violationsOf(
      ['shared/src'],
      [SHARED_FOLDERS],
      `${BUILT}|${tests}`,
    );
    expect(cruised).toBeGreaterThan(50);
    expect(violations).toEqual([]);
  });
});
