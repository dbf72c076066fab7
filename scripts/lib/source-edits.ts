// Builds of changed sources for the tests that need a release or a build
// that differs on purpose (releases.spec.ts, the skew matrix's seeded check).
// The changes are made in a copy of the repository, never in the working
// tree: a test killed halfway leaves nothing changed behind, and a build or
// a `pnpm start` running beside it never sees the probe.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Edit {
  /** The file's path from the repository's root (`remote-goals/src/…`). */
  file: string;
  change: (text: string) => string;
}

const git = (cwd: string, args: string[], input?: string) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });

/**
 * A package's `node_modules` as pnpm laid it out: its links (relative, so a
 * workspace package such as `@stride/shared` resolves to the copy's own) and
 * its `.bin` scripts. Build caches (`.cache`, `.federation`) stay behind.
 */
function copyLinks(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (name.startsWith('.') && name !== '.bin') continue;
    const source = join(from, name);
    const info = lstatSync(source);
    if (info.isSymbolicLink()) symlinkSync(readlinkSync(source), join(to, name));
    else if (info.isDirectory()) copyLinks(source, join(to, name));
    else copyFileSync(source, join(to, name));
  }
}

/**
 * A copy of the repository at `root` as its working tree is: a detached git
 * worktree of HEAD (so commands that name a version from git work in it)
 * with the uncommitted changes and the untracked files (those git does not
 * ignore) brought over, each package's
 * dependency links, and the root's installed packages linked, not copied.
 */
export function copyOfRepository(root: string): { dir: string; remove: () => void } {
  const dir = join(mkdtempSync(join(tmpdir(), 'stride-copy-')), 'repo');
  git(root, ['worktree', 'add', '--detach', '--quiet', dir, 'HEAD']);
  const remove = () => {
    try {
      git(root, ['worktree', 'remove', '--force', dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(root, ['worktree', 'prune']);
    }
    rmSync(join(dir, '..'), { recursive: true, force: true });
  };
  try {
    const changes = git(root, ['diff', 'HEAD', '--binary']);
    if (changes) git(dir, ['apply', '--whitespace=nowarn'], changes);
    const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
    for (const file of untracked.split('\0').filter(Boolean)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      copyFileSync(join(root, file), join(dir, file));
    }
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    for (const name of readdirSync(root)) {
      const modules = join(root, name, 'node_modules');
      if (name !== 'node_modules' && existsSync(join(dir, name)) && existsSync(modules)) {
        copyLinks(modules, join(dir, name, 'node_modules'));
      }
    }
  } catch (error) {
    remove();
    throw error;
  }
  return { dir, remove };
}

/**
 * Runs `work` in a copy of the repository at `root` (copyOfRepository) with
 * source files changed, then removes the copy whatever happens. `work` gets
 * the copy's root: run the build or the release there.
 */
export async function withEdits<T>(
  root: string,
  edits: Edit[],
  work: (copy: string) => Promise<T>,
): Promise<T> {
  const copy = copyOfRepository(root);
  try {
    for (const { file, change } of edits) {
      const path = join(copy.dir, file);
      const original = readFileSync(path, 'utf8');
      const changed = change(original);
      if (changed === original) throw new Error(`The edit of ${file} changed nothing`);
      writeFileSync(path, changed);
    }
    return await work(copy.dir);
  } finally {
    copy.remove();
  }
}
