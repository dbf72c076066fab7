import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { withEdits } from './source-edits';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' });

/** A small workspace: an app that links a shared package, committed, with one uncommitted change and one new file. */
function workspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'stride-edits-'));
  const write = (file: string, text: string) => {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  write('.gitignore', 'node_modules\n');
  write('shared/index.ts', "export const name = 'shared';\n");
  write('app/copy.ts', "export const lead = 'Hello';\n");
  git(root, 'init', '--quiet');
  git(root, 'add', '.');
  git(
    root,
    '-c',
    'user.name=t',
    '-c',
    'user.email=t@example.test',
    'commit',
    '--quiet',
    '-m',
    'start',
  );
  mkdirSync(join(root, 'node_modules'));
  mkdirSync(join(root, 'app', 'node_modules', '@stride'), { recursive: true });
  symlinkSync('../../../shared', join(root, 'app', 'node_modules', '@stride', 'shared'));
  write('shared/index.ts', "export const name = 'shared, changed';\n");
  write('app/new.ts', 'export const fresh = true;\n');
  return root;
}

describe('withEdits', () => {
  it('runs the work in a copy with the change, the working tree’s own changes and its links, then removes it', async () => {
    const root = workspace();
    let copyDir = '';
    const seen = await withEdits(
      root,
      [{ file: 'app/copy.ts', change: (text) => text.replace('Hello', 'Probe') }],
      async (copy) => {
        copyDir = copy;
        return {
          lead: readFileSync(join(copy, 'app', 'copy.ts'), 'utf8'),
          shared: readFileSync(
            join(copy, 'app', 'node_modules', '@stride', 'shared', 'index.ts'),
            'utf8',
          ),
          linkedTo: realpathSync(join(copy, 'app', 'node_modules', '@stride', 'shared')),
          copyShared: realpathSync(join(copy, 'shared')),
          fresh: existsSync(join(copy, 'app', 'new.ts')),
          head: git(copy, 'rev-parse', 'HEAD'),
        };
      },
    );
    expect(seen.lead).toBe("export const lead = 'Probe';\n");
    expect(seen.shared).toBe("export const name = 'shared, changed';\n");
    expect(seen.linkedTo).toBe(seen.copyShared);
    expect(seen.fresh).toBe(true);
    expect(seen.head).toBe(git(root, 'rev-parse', 'HEAD'));
    // The working tree never changed, and the copy is gone, worktree and all.
    expect(readFileSync(join(root, 'app', 'copy.ts'), 'utf8')).toBe(
      "export const lead = 'Hello';\n",
    );
    expect(existsSync(copyDir)).toBe(false);
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });

  it('removes the copy when the work fails, and refuses an edit that changes nothing', async () => {
    const root = workspace();
    let copyDir = '';
    await expect(
      withEdits(
        root,
        [{ file: 'app/copy.ts', change: (text) => `${text}// x\n` }],
        async (copy) => {
          copyDir = copy;
          throw new Error('build failed');
        },
      ),
    ).rejects.toThrow('build failed');
    expect(existsSync(copyDir)).toBe(false);
    await expect(
      withEdits(root, [{ file: 'app/copy.ts', change: (text) => text }], async () => 1),
    ).rejects.toThrow('changed nothing');
    expect(git(root, 'worktree', 'list').trim().split('\n')).toHaveLength(1);
  });
});
