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

const RULES: IForbiddenRuleType[] = [
  {
    name: 'no-import-circle',
    comment: 'a module reaches itself through its imports (docs/architecture.md §10)',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    // Folders as nodes: an arrow from app/ to top-bar/ and a chain of arrows
    // from top-bar/ back to app/ make a circle, whichever files carry them.
    name: 'host-folders-one-way',
    comment: "host/src's top-level folders import one way (docs/architecture.md §10)",
    severity: 'error',
    scope: 'folder',
    from: { path: '^host/src/' },
    to: { path: '^host/src/', circular: true },
  },
  {
    // The services in plugins/ use the import readers in transfer/, which
    // read nothing of plugins/ (the record types sit in lib/ below both).
    name: 'api-folders-one-way',
    comment: "api/src's folders import one way (docs/architecture.md §10)",
    severity: 'error',
    scope: 'folder',
    from: { path: '^api/src/' },
    to: { path: '^api/src/', circular: true },
  },
];

function describeViolation(violation: IViolation): string {
  const cycle = violation.cycle?.map((step) => step.name) ?? [violation.to];
  return `${violation.rule.name}: ${[violation.from, ...cycle].join(' → ')}`;
}

describe('the import graph (docs/architecture.md §10)', () => {
  it('has no import circle, and the host and API folders import one way', async () => {
    const result = await cruise(SOURCES, {
      baseDir: ROOT,
      validate: true,
      ruleSet: { forbidden: RULES },
      doNotFollow: { path: 'node_modules' },
      exclude: { path: '(^|/)(node_modules|dist|test-results|playwright-report)/' },
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
    const violations = (cruised.summary.violations as IViolation[]).map(describeViolation);
    expect(cruised.summary.totalCruised).toBeGreaterThan(400);
    expect(violations).toEqual([]);
  });
});
