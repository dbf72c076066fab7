// Builds of changed sources for the tests that need a release or a build
// that differs on purpose (releases.spec.ts, the skew matrix's seeded check).
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';

export interface Edit {
  file: string;
  change: (text: string) => string;
}

/**
 * Runs `work` with source files changed, then puts each back whatever
 * happens — the same bytes with the same times, so "build what is missing"
 * sees no change afterwards.
 */
export async function withEdits<T>(edits: Edit[], work: () => Promise<T>): Promise<T> {
  const saved = edits.map(({ file }) => {
    // Read by name: since Node 22 a Stats object's dates are getters, which a spread leaves out.
    const { atime, mtime } = statSync(file);
    return { file, text: readFileSync(file, 'utf8'), atime, mtime };
  });
  try {
    for (const { file, change } of edits) {
      const original = readFileSync(file, 'utf8');
      const changed = change(original);
      if (changed === original) throw new Error(`The edit of ${file} changed nothing`);
      writeFileSync(file, changed);
    }
    return await work();
  } finally {
    for (const { file, text, atime, mtime } of saved) {
      writeFileSync(file, text);
      utimesSync(file, atime, mtime);
    }
  }
}
