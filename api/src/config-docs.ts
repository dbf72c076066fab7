// The README's table of the API's environment variables, written from
// config-schema.ts so the two cannot drift: `pnpm --filter @stride/api
// docs:env` rewrites it between the markers below, and config-docs.test.ts
// fails when a README holds anything else there.
import { ENV_SCHEMA, type VariableSchema } from './config-schema.js';

export const TABLE_START =
  '<!-- api-env:start — generated from api/src/config-schema.ts by `pnpm --filter @stride/api docs:env` -->';
export const TABLE_END = '<!-- api-env:end -->';

/** The files that show the table. */
export const TABLE_FILES = ['README.md', 'api/README.md'] as const;

const cell = (text: string) => text.replaceAll('|', '\\|');

function shownDefault(schema: VariableSchema): string {
  if (schema.shownDefault) return schema.shownDefault;
  return schema.default === undefined ? '—' : `\`${schema.default}\``;
}

function accepts(schema: VariableSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map((value) => `\`${value}\``).join(', ');
  if (schema.type === 'integer') return `a whole number, ${schema.minimum}–${schema.maximum}`;
  if (schema.problem) return schema.problem.replace(/^must be /, '');
  return `up to ${schema.maxLength} characters`;
}

/** Rows padded to their columns' widths, as the formatter (Biome) lays out Markdown tables. */
function table(header: string[], rows: string[][]): string[] {
  const width = (text: string) => [...text].length;
  const widths = header.map((title, column) =>
    Math.max(width(title), ...rows.map((row) => width(row[column] ?? ''))),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((text, column) => text + ' '.repeat((widths[column] ?? 0) - width(text))).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

export function environmentTable(): string {
  const rows = Object.entries(ENV_SCHEMA.properties as Record<string, VariableSchema>).map(
    ([name, schema]) => [
      `\`${name}\``,
      cell(shownDefault(schema)),
      cell(accepts(schema)),
      cell(schema.description ?? ''),
    ],
  );
  return [
    TABLE_START,
    '',
    ...table(['variable', 'default', 'accepts', 'meaning'], rows),
    '',
    TABLE_END,
  ].join('\n');
}

/** `markdown` with its table replaced by today's; an error when the markers are missing. */
export function withCurrentTable(markdown: string, file: string): string {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start === -1 || end < start) {
    throw new Error(`${file} has no "${TABLE_START}" … "${TABLE_END}" section`);
  }
  return markdown.slice(0, start) + environmentTable() + markdown.slice(end + TABLE_END.length);
}
