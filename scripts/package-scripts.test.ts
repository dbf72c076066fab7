// The root package.json's scripts that stop on a signal run as one Node
// process with tsx's loader, never under tsx's CLI: the CLI relays a SIGTERM
// to its child and SIGKILLs it unless the child answers within 30 ms, so on a
// loaded machine `pnpm start` died before stopping the API it had started
// (docs/decisions.md, "One process per script").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@rstest/core';

const ROOT = join(import.meta.dirname, '..');

function scriptsOf(manifest: string): Record<string, string> {
  return JSON.parse(readFileSync(join(ROOT, manifest), 'utf8')).scripts;
}

describe('package scripts', () => {
  for (const manifest of ['package.json', 'deploy/package.json']) {
    it(`${manifest} runs TypeScript entry points in one process`, () => {
      const wrapped = Object.entries(scriptsOf(manifest)).filter(([, command]) =>
        /^tsx (?!watch )/.test(command),
      );
      expect(wrapped).toEqual([]);
    });
  }
});
