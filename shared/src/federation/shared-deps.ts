import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The one list of federation singletons (docs/architecture.md §2). Host and remotes all
 * build from it, so they cannot drift. The trailing-slash keys share deep
 * imports too (react/jsx-runtime, react-dom/client). react-router is not
 * here: the remotes take the host's router through @stride/shared
 * (shared/src/routing/router.ts), so the host bundles only what it uses.
 */
export const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'zustand',
  'react-hot-toast',
  'framer-motion',
  '@tanstack/react-query',
  'react-hook-form',
  '@radix-ui/react-dropdown-menu',
  '@stride/shared',
] as const;

/**
 * Singletons the provider builds tree-shaken (MF shared tree-shaking,
 * `runtime-infer`: a consumer needing an export the shaken copy lacks falls
 * back to the whole package). framer-motion is used through LazyMotion and
 * `m`, by the host alone: 78 KB gzip whole, 31 KB shaken. Measured for the
 * others, it does not pay (docs/decisions.md, "Less JavaScript").
 */
export const TREE_SHAKEN = ['framer-motion'] as const;

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  treeShaking?: { mode: 'runtime-infer' | 'server-calc' };
}

const packageOf = (key: string) => key.replace(/\/$/, '');

function readJson(file: string): {
  name?: string;
  version?: string;
  dependencies?: Record<string, string>;
} {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Walks up from a package's resolved entry to its own package.json. */
function installedVersion(name: string, appDir: string): string {
  const require = createRequire(join(appDir, 'package.json'));
  let dir = dirname(require.resolve(name));
  while (dir !== dirname(dir)) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = readJson(file);
      if (pkg.name === name && pkg.version) return pkg.version;
    }
    dir = dirname(dir);
  }
  throw new Error(`Cannot find the installed version of ${name} from ${appDir}`);
}

/**
 * The share config for one app: the singletons it depends on directly, each
 * pinned to the installed version. The package.json ranges say `catalog:` or
 * `workspace:*`, which are not semver, so the installed version is the truth.
 */
export function sharedFor(appDir: string): Record<string, SharedEntry> {
  const deps = readJson(join(appDir, 'package.json')).dependencies ?? {};
  const shared: Record<string, SharedEntry> = {};
  for (const key of SINGLETONS) {
    const name = packageOf(key);
    if (name in deps)
      shared[key] = {
        singleton: true,
        requiredVersion: `^${installedVersion(name, appDir)}`,
        ...((TREE_SHAKEN as readonly string[]).includes(name)
          ? { treeShaking: { mode: 'runtime-infer' as const } }
          : {}),
      };
  }
  return shared;
}
