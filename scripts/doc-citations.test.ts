// Comments cite the repository's own docs to say why code is as it is:
// `docs/architecture.md §2`, `docs/decisions.md, "Static files"`,
// `api/README.md, "List cache"`. A renamed heading or a moved section would
// leave such a pointer leading nowhere; this test follows every one of them.
// A `§N` must be a numbered `## N.` heading of that document; a quoted name
// must appear in that section (or, without a number, anywhere in the document).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@rstest/core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|mjs|cjs|js|ya?ml|conf|sh)$/;

/** `<path>.md`, then an optional `§N`, then an optional quoted name (each part bounded, so linear). */
const CITATION = /([\w./-]{1,80}\.md)(?: §(\d{1,2}))?(?:,? "([^"\n]{1,80})")?/g;

interface Citation {
  file: string;
  line: number;
  doc: string;
  section?: string;
  name?: string;
}

/** A doc named without a folder is one of docs/ (as comments write `architecture.md §4`). */
function docPath(cited: string): string | null {
  const candidates = cited.includes('/') ? [cited] : [`docs/${cited}`, cited];
  return candidates.find((candidate) => existsSync(path.join(ROOT, candidate))) ?? null;
}

function citations(): Citation[] {
  const files = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !file.includes('/dist/'));
  const found: Citation[] = [];
  for (const file of files) {
    const full = path.join(ROOT, file);
    if (!existsSync(full)) continue;
    const lines = readFileSync(full, 'utf8').split('\n');
    for (const [index, text] of lines.entries()) {
      for (const match of text.matchAll(CITATION)) {
        const [, doc = '', section, name] = match;
        if (!section && !name) continue;
        found.push({ file, line: index + 1, doc, section, name });
      }
    }
  }
  return found;
}

/** The text of section `## N.` of `markdown`, up to the next `## `. */
function sectionText(markdown: string, section: string): string | null {
  const start = markdown.search(new RegExp(`^## ${section}\\. `, 'm'));
  if (start === -1) return null;
  const next = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, next === -1 ? undefined : next);
}

/** What is wrong with a citation, or null when it leads somewhere. */
function problem(citation: Citation): string | null {
  const doc = docPath(citation.doc);
  if (!doc) return `${citation.doc} is not in the repository`;
  const markdown = readFileSync(path.join(ROOT, doc), 'utf8');
  const where = citation.section ? sectionText(markdown, citation.section) : markdown;
  if (where === null) return `${doc} has no section ${citation.section}`;
  if (citation.name && !where.includes(citation.name)) {
    return `${doc}${citation.section ? ` §${citation.section}` : ''} does not mention "${citation.name}"`;
  }
  return null;
}

describe("comments' citations of the docs", () => {
  const all = citations();

  it('finds the citations (the scan itself works)', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((c) => c.section && c.name)).toBe(true);
  });

  it('each leads to a section or a name that exists', () => {
    const broken = all.flatMap((citation) => {
      const why = problem(citation);
      return why ? [`${citation.file}:${citation.line}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it('catches a section that does not exist and a name not in its section', () => {
    expect(problem({ file: 'x.ts', line: 1, doc: 'docs/architecture.md', section: '42' })).toBe(
      'docs/architecture.md has no section 42',
    );
    expect(
      problem({ file: 'x.ts', line: 1, doc: 'architecture.md', section: '4', name: 'Caching' }),
    ).toBe('docs/architecture.md §4 does not mention "Caching"');
    expect(problem({ file: 'x.ts', line: 1, doc: 'docs/design.md', section: '1' })).toBe(
      'docs/design.md is not in the repository',
    );
  });
});
