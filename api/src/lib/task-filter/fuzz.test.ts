// Property-based abuse of the filter language: any text up to past the
// length limit — real terms and operators mixed with stray characters,
// half characters and long words — is either read (and then resolves and
// compiles to SQL) or refused with a FilterError whose place lies within the
// query. Nothing else is ever thrown, and no query is slow.
import { describe, expect, it } from '@rstest/core';
import { LIMITS } from '@stride/shared/limits';
import fc from 'fast-check';
import {
  DummyDriver,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Database } from '../../db/schema.js';
import { compileFilter } from './compile.js';
import { FilterError } from './error.js';
import { parseFilter } from './parse.js';
import { type FilterLookup, resolveFilter } from './resolve.js';

const TODAY = '2030-03-13';

/** Builds SQL without a database. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

const lookup: FilterLookup = {
  labels: async (keys) =>
    new Map(keys.filter((key) => key.length < 4).map((key) => [key, `l-${key}`])),
  goals: async () => [
    { id: 'g1', key: 'home' },
    { id: 'g2', key: 'home' },
    { id: 'g3', key: 'work' },
  ],
};

const fragment = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('&', '|', '!', '(', ')', ' ', '  ', ':', '@', '#') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      'today',
      'tomorrow',
      'yesterday',
      'overdue',
      'no date',
      'recurring',
      'no labels',
      'no goal',
      'done',
      'open',
      'p1',
      'p4',
      '@a',
      '@errand',
      '#Home',
      '#work',
      'due: friday',
      'due before: 17 Aug',
      'due after:',
      'next 7 days',
      '400 days',
      'search: ',
      'search: x(y!',
      'friday',
      '32 Foo',
      'every monday',
      '9am',
      'tody',
    ),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('\u0000', '\ud800', '😀', 'é', '\u200b', '%', '_', '\\', "'", '"'),
  },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(60), `${'('.repeat(20)}`, '!'.repeat(40)) },
);

const query = fc
  .array(fragment, { maxLength: 60 })
  .map((parts) => parts.join('').slice(0, LIMITS.filterMax + 10));

const compiler = (where: ReturnType<typeof compileFilter>) =>
  db.selectFrom('tasks').select('tasks.id').where(where).compile();

describe('any query', () => {
  it('is read or refused with a FilterError inside it, and quickly', {
    timeout: 120_000,
  }, async () => {
    let slowest = 0;
    await fc.assert(
      fc.asyncProperty(query, async (text) => {
        const started = performance.now();
        try {
          const parsed = parseFilter(text, TODAY);
          // What is read holds only text a database keeps (PostgreSQL refuses NUL).
          expect(text.includes('\u0000') || !text.isWellFormed()).toBe(false);
          if (parsed) {
            const { sql, parameters } = compiler(
              compileFilter(await resolveFilter(parsed, lookup)),
            );
            expect(sql.length).toBeGreaterThan(0);
            expect(parameters.every((p) => typeof p === 'string')).toBe(true);
          }
        } catch (error) {
          if (!(error instanceof FilterError)) throw error;
          expect(error.position).toBeGreaterThanOrEqual(0);
          expect(error.length).toBeGreaterThanOrEqual(0);
          expect(error.position + error.length).toBeLessThanOrEqual(text.length);
          expect(error.message.length).toBeGreaterThan(0);
        }
        slowest = Math.max(slowest, performance.now() - started);
      }),
      { numRuns: 1_000, seed: 20_261_127 },
    );
    // The worst query of the run, chrono's date reading included.
    expect(slowest).toBeLessThan(250);
  });

  it('costs little at its largest: twenty date terms at the length limit', () => {
    const terms = Array.from({ length: LIMITS.filterTermsMax }, (_, i) =>
      i % 2 ? 'due before: 17 Aug 2031' : 'due after: 31 December',
    );
    const text = terms.join('|').slice(0, LIMITS.filterMax);
    const started = performance.now();
    for (let i = 0; i < 10; i++) {
      // A cut term is refused, after every whole one before it was read.
      expect(() => parseFilter(text, TODAY)).toThrow(FilterError);
      parseFilter(terms.slice(0, 12).join('|'), TODAY);
    }
    expect((performance.now() - started) / 10).toBeLessThan(100);
  });
});
