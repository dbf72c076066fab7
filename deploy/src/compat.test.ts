import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { importsOfShared, sharedNeeds, sharedProvides } from './compat';
import { ROOT } from './store';

describe('what a remote takes from @stride/shared', () => {
  it('lists the values it imports, not its types', () => {
    const code = `
      import { Button, type Task, paths as routes } from '@stride/shared';
      import type { Goal } from '@stride/shared';
      import { LIMITS } from '@stride/shared/limits';
      export { useTasks } from '@stride/shared';
      export type { Page } from '@stride/shared';
    `;
    expect(importsOfShared(code)).toEqual(['Button', 'paths', 'useTasks']);
  });

  it('takes the whole module on a namespace import, an export * or a dynamic import', () => {
    expect(importsOfShared(`import * as shared from '@stride/shared';`)).toBe('*');
    expect(importsOfShared(`export * from '@stride/shared';`)).toBe('*');
    expect(importsOfShared(`const s = () => import('@stride/shared');`)).toBe('*');
    expect(importsOfShared(`import * as limits from '@stride/shared/limits';`)).toEqual([]);
  });

  it('collects a new import from the sources, leaving tests and test helpers out', () => {
    const app = mkdtempSync(join(tmpdir(), 'stride-app-'));
    mkdirSync(join(app, 'src', 'pages'), { recursive: true });
    mkdirSync(join(app, 'src', 'test'), { recursive: true });
    const page = join(app, 'src', 'pages', 'Page.tsx');
    writeFileSync(page, `import { Button } from '@stride/shared';`);
    writeFileSync(
      join(app, 'src', 'pages', 'Page.test.tsx'),
      `import { notify } from '@stride/shared';`,
    );
    writeFileSync(
      join(app, 'src', 'test', 'render.tsx'),
      `import { paths } from '@stride/shared';`,
    );
    const provides = ['Button', 'notify', 'paths', 'useGoals'];
    expect(sharedNeeds(app, provides)).toEqual(['Button']);

    writeFileSync(page, `import { Button, useGoals } from '@stride/shared';`);
    expect(sharedNeeds(app, provides)).toEqual(['Button', 'useGoals']);

    writeFileSync(page, `import * as shared from '@stride/shared';`);
    expect(sharedNeeds(app, provides)).toEqual(provides);
  });
});

describe("what @stride/shared's entry provides", () => {
  it('lists its value exports and leaves its types out', () => {
    const provides = sharedProvides();
    expect(provides).toContain('Button');
    expect(provides).toContain('useTasks');
    expect(provides).not.toContain('Task');
    expect(provides).not.toContain('RemoteName');
  });

  it('is what every remote of this checkout needs, and more', () => {
    const provides = new Set(sharedProvides());
    for (const remote of ['remote-auth', 'remote-dashboard', 'remote-goals', 'remote-tasks']) {
      const missing = sharedNeeds(join(ROOT, remote), [...provides]).filter(
        (name) => !provides.has(name),
      );
      expect(missing).toEqual([]);
    }
  });
});
