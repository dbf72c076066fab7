// What the host's entry runs before its async boundary (`import('./bootstrap')`)
// must import no federation singleton (docs/architecture.md §2): the share
// scope is not negotiated yet, and a shared module consumed there fails at
// run time ("not available for eager consumption"), never at build time.
// `@stride/shared`'s plain subpaths (`/releases`, `/paths`) are fine: only
// the package itself is shared, so the host bundles those. Packages in
// node_modules are not walked into; their own names are checked.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@rstest/core';
import { SINGLETONS } from '@stride/shared/federation';
import { cruise, type IDependency, type IModule } from 'dependency-cruiser';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'host/src/index.tsx';

const isSingleton = (request: string) =>
  SINGLETONS.some((key) => (key.endsWith('/') ? request.startsWith(key) : request === key));

/** Imports that run with the module: not `import()`, not type-only. */
const runsAtOnce = (dependency: IDependency) =>
  !dependency.dynamic &&
  !dependency.dependencyTypes.some((type) => type === 'type-only' || type === 'type-import');

describe('the host entry before its async boundary', () => {
  it('imports no shared singleton, directly or through its modules', async () => {
    const result = await cruise([ENTRY], {
      baseDir: ROOT,
      tsPreCompilationDeps: true,
      outputType: 'json',
      doNotFollow: { path: 'node_modules' },
      enhancedResolveOptions: {
        exportsFields: ['exports'],
        conditionNames: ['import', 'types', 'node', 'default'],
        extensions: ['.ts', '.tsx', '.d.mts', '.mts', '.mjs', '.js', '.json'],
      },
    });
    const cruised = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
    const modules = new Map<string, IModule>(
      (cruised.modules as IModule[]).map((module) => [module.source, module]),
    );
    const reached = new Set([ENTRY]);
    const shared: string[] = [];
    for (const source of reached) {
      for (const dependency of modules.get(source)?.dependencies ?? []) {
        if (!runsAtOnce(dependency)) continue;
        if (isSingleton(dependency.module)) shared.push(`${source} → ${dependency.module}`);
        else reached.add(dependency.resolved);
      }
    }
    // The walk reached the early preload, so it is what was checked.
    expect(reached).toContain('host/src/releases/first-page-preload.ts');
    expect(shared).toEqual([]);
  });
});
