// Every regular expression that can run on what a user sends (the API, the
// shared parsers the API and the browser both run, the apps and the release
// tools) must match in linear time: one backtracking pattern let a 200-byte
// date cell in an import block the API for seconds. scripts/lib (where
// `pnpm test` reads the runners' output) keeps the same rule. recheck (a ReDoS
// checker) reads each pattern literal in those folders, and each pattern a
// module builds at run time, which it must therefore export for this test.
// @see https://makenowjust-labs.github.io/recheck/
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@rstest/core';
import { LABEL_NAME } from '@stride/shared/labels';
import { REPEAT_PATTERNS } from '@stride/shared/quick-add/engine';
import { check } from 'recheck';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = [
  'shared/src',
  'api/src',
  'host/src',
  'deploy/src',
  'remote-auth/src',
  'remote-dashboard/src',
  'remote-goals/src',
  'remote-tasks/src',
  'scripts/lib',
];

/** Patterns built at run time, each exported by the module that builds it. */
const BUILT: Record<string, readonly RegExp[]> = {
  'shared/src/quick-add/repeat-phrase.ts': REPEAT_PATTERNS,
  'shared/src/labels.ts': [LABEL_NAME],
};

interface Found {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(tsx?|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
  }
  return files;
}

/** The pattern literals of a file, and the places that build one from something other than a literal. */
function patternsOf(file: string): { literals: Found[]; built: string[] } {
  const text = readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: Found[] = [];
  const built: string[] = [];
  const where = (node: ts.Node) =>
    `${relative(ROOT, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const slash = node.text.lastIndexOf('/');
      literals.push({
        where: where(node),
        source: node.text.slice(1, slash),
        flags: node.text.slice(slash + 1),
      });
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp'
    ) {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteral(pattern) && (!flags || ts.isStringLiteral(flags))) {
        literals.push({
          where: where(node),
          source: pattern.text,
          flags: flags?.getText().slice(1, -1) ?? '',
        });
      } else {
        built.push(where(node));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { literals, built };
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
const scanned = files.map((file) => ({ file: relative(ROOT, file), ...patternsOf(file) }));
const patterns: Found[] = [
  ...scanned.flatMap((entry) => entry.literals),
  ...Object.entries(BUILT).flatMap(([file, list]) =>
    list.map((pattern, index) => ({
      where: `${file} (built #${index + 1})`,
      source: pattern.source,
      flags: pattern.flags,
    })),
  ),
];

describe('regular expressions', () => {
  it('finds the patterns it is meant to check', () => {
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.some((p) => p.where.startsWith('api/src/'))).toBe(true);
  });

  it('knows every pattern built at run time (export it and list it in BUILT)', () => {
    const unknown = scanned.flatMap((entry) => (entry.file in BUILT ? [] : entry.built));
    expect(unknown).toEqual([]);
  });

  it('has none that backtracks super-linearly', { timeout: 180_000 }, async () => {
    const unsafe: string[] = [];
    // recheck proves what its automaton can and fuzzes the rest (lookarounds,
    // back-references). Its fuzzer draws random strings: seeded, so every run
    // checks the same ones. Unseeded, a busy CI run once called a linear
    // pattern (the quick-add time words, 0.5 ms on 160,000 characters in V8)
    // quadratic, which no run here has reproduced.
    const seeded = { randomSeed: 20_261_126 };
    for (const pattern of patterns) {
      // 'u' and 'v' patterns are checked as what they are; recheck takes the flags as JS does.
      let result = await check(pattern.source, pattern.flags, { timeout: 10_000, ...seeded });
      // The automaton proof of a large case-insensitive alternation (the
      // weekday list) can outrun its budget on a busy machine; recheck's
      // fuzzer then looks for an attack string, as its own 'auto' mode does
      // for patterns too large to prove.
      if (result.status === 'unknown' && result.error?.kind === 'timeout') {
        result = await check(pattern.source, pattern.flags, {
          timeout: 20_000,
          checker: 'fuzz',
          ...seeded,
        });
      }
      if (result.status !== 'safe') {
        const detail =
          result.status === 'vulnerable'
            ? `${result.complexity.summary}, e.g. ${JSON.stringify(result.attack.string.slice(0, 60))}`
            : `could not be proven safe (${result.error?.kind ?? 'unknown'})`;
        unsafe.push(`${pattern.where} /${pattern.source}/${pattern.flags}: ${detail}`);
      }
    }
    expect(unsafe).toEqual([]);
  });
});
