import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@rstest/core';
import { environmentTable, TABLE_END, TABLE_FILES, withCurrentTable } from './config-docs.js';
import { ENV_SCHEMA } from './config-schema.js';

const REPO = path.resolve(__dirname, '../..');

describe("the README's environment table", () => {
  it.each(TABLE_FILES)('%s holds the table the schema writes', (file) => {
    const markdown = readFileSync(path.join(REPO, file), 'utf8');
    // On a difference: `pnpm --filter @stride/api docs:env`.
    expect(withCurrentTable(markdown, file)).toBe(markdown);
  });

  it('has a row for every variable, with its default, its bounds and its meaning', () => {
    const lines = environmentTable().split('\n');
    const row = (name: string) =>
      lines
        .find((line) => line.startsWith(`| \`${name}\` `))
        ?.slice(2, -2)
        .split(' | ')
        .map((text) => text.trim());
    for (const name of Object.keys(ENV_SCHEMA.properties)) expect(row(name)).toBeDefined();
    expect(row('SESSION_IDLE_TTL_HOURS')).toEqual([
      '`SESSION_IDLE_TTL_HOURS`',
      '`168`',
      'a whole number, 1–8760',
      'a session ends after this long without a request (168: 7 days)',
    ]);
    expect(row('NODE_ENV')?.slice(1, 3)).toEqual([
      '`development`',
      '`development`, `production`, `test`',
    ]);
    expect(row('DATABASE_URL')?.slice(1, 3)).toEqual(['—', 'a postgres:// or postgresql:// URL']);
  });

  it('refuses a file without its markers rather than losing the text', () => {
    expect(() => withCurrentTable(`# API\n${TABLE_END}\n`, 'api/README.md')).toThrow(
      /api\/README\.md has no/,
    );
  });
});
