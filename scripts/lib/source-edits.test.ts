import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { withEdits } from './source-edits';

function sourceFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'stride-edits-')), 'copy.ts');
  writeFileSync(file, "export const lead = 'Hello';\n");
  const past = new Date('2026-01-02T03:04:05Z');
  utimesSync(file, past, past);
  return file;
}

describe('withEdits', () => {
  it('runs the work on the changed file, then puts back its bytes and its times', async () => {
    const file = sourceFile();
    const seen = await withEdits(
      [{ file, change: (text) => text.replace('Hello', 'Probe') }],
      async () => readFileSync(file, 'utf8'),
    );
    expect(seen).toBe("export const lead = 'Probe';\n");
    expect(readFileSync(file, 'utf8')).toBe("export const lead = 'Hello';\n");
    expect(statSync(file).mtime.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('puts the file back when the work fails, and refuses an edit that changes nothing', async () => {
    const file = sourceFile();
    await expect(
      withEdits([{ file, change: (text) => `${text}// x\n` }], async () => {
        throw new Error('build failed');
      }),
    ).rejects.toThrow('build failed');
    expect(readFileSync(file, 'utf8')).toBe("export const lead = 'Hello';\n");
    await expect(withEdits([{ file, change: (text) => text }], async () => 1)).rejects.toThrow(
      'changed nothing',
    );
  });
});
