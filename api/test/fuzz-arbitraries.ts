// What the fuzz test sends, derived from each route's own schema: values that
// are almost right (the schema's shape, its enums, its edges) mixed with
// hostile ones (wrong types, NUL, half characters, huge text, dates out of
// the calendar, rules that never come round). A route's body and query are
// generated from what it declares, so a new route needs no list of fields.
import { ExportDocumentSchema } from '@stride/shared/contract';
import fc from 'fast-check';

/** The JSON-schema keywords the API's TypeBox schemas use. */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  required?: string[];
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}

/** One time in eight, `odd`; otherwise null. */
const seldom = <T>(odd: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: odd });

const hostileText = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  'é'.repeat(70_000),
  '1000-01-01',
  '2030-02-30',
  '9999-12-31',
  'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
  'FREQ=SECONDLY',
  `every ${'thursdayand'.repeat(30)}thursdayX`,
  `x${','.repeat(5_000)}x`,
  '%',
  '_',
  '../..',
  '<script>alert(1)</script>',
);

const hostile = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, -1, 0, 2 ** 53, 1e308, -1e308, [], {}, [[[[]]]]),
  fc.jsonValue({ maxDepth: 2 }),
);

const isoDay = fc
  .date({
    min: new Date('1890-01-01T00:00:00Z'),
    max: new Date('2210-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

const isoInstant = fc
  .date({
    min: new Date('1890-01-01T00:00:00Z'),
    max: new Date('2210-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

/** Repeat rules: common ones, ones that never come round, and random mixes of the parts. */
const repeatRule = fc.oneof(
  fc.constantFrom(
    'FREQ=DAILY',
    'FREQ=WEEKLY;BYDAY=MO,WE',
    'FREQ=MONTHLY;BYDAY=-1FR',
    'FREQ=YEARLY',
    'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11',
    'FREQ=MONTHLY;BYDAY=5MO;BYMONTHDAY=1,2,3',
    'FREQ=YEARLY;INTERVAL=999;BYMONTH=2;BYMONTHDAY=29',
  ),
  fc
    .record(
      {
        FREQ: fc.constantFrom('DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY', 'HOURLY'),
        INTERVAL: fc.integer({ min: 0, max: 1_000 }).map(String),
        BYMONTHDAY: fc
          .array(fc.integer({ min: -32, max: 32 }), { minLength: 1, maxLength: 4 })
          .map(String),
        BYMONTH: fc
          .array(fc.integer({ min: 0, max: 13 }), { minLength: 1, maxLength: 3 })
          .map(String),
        BYDAY: fc
          .array(
            fc.tuple(
              fc.constantFrom('', '1', '-1', '5', '-5', '6'),
              fc.constantFrom('MO', 'TU', 'SU', 'XX'),
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((days) => days.map(([nth, day]) => `${nth}${day}`).join(',')),
        WKST: fc.constantFrom('MO', 'SU'),
      },
      { requiredKeys: ['FREQ'] },
    )
    .map((parts) =>
      Object.entries(parts)
        .map(([part, value]) => `${part}=${value}`)
        .join(';'),
    ),
);

/** Fields whose good values the test knows (goal_id: the user's goals, another's, garbage). */
export type Hints = Record<string, fc.Arbitrary<unknown>>;
let hints: Hints = {};

/** Sets the fields' good values for the arbitraries built after it. */
export function useHints(known: Hints) {
  hints = known;
}

function text(schema: Schema, key: string | undefined, calm: boolean): fc.Arbitrary<unknown> {
  if (schema.format === 'date') return isoDay;
  if (schema.format === 'date-time') return isoInstant;
  if (key === 'repeat') return repeatRule;
  if (key === 'content') return importFile;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const sizes = {
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 200, 200),
  };
  if (calm) return fc.string(sizes);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string(sizes) },
    { weight: 1, arbitrary: fc.string({ ...sizes, unit: 'binary' }) },
  );
}

function shaped(
  schema: Schema,
  key: string | undefined,
  depth: number,
  calm = false,
): fc.Arbitrary<unknown> {
  const hinted = key === undefined ? undefined : hints[key];
  if (hinted) return hinted;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length)
    return fc.oneof(...schema.anyOf.map((s) => mostlyShaped(s, key, depth, calm)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return text(schema, key, calm);
    case 'integer':
    case 'number':
      if (calm) return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1_000 });
      return fc.integer({
        min: Math.max((schema.minimum ?? -1_000) - 1, -(2 ** 31)),
        max: Math.min((schema.maximum ?? 1_000) + 1, 2 ** 31),
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      if (depth > 3 || !schema.items) return fc.constant([]);
      // A few items, or one past the schema's maximum where that is small enough to send.
      const most = Math.min((schema.maxItems ?? 4) + (calm ? 0 : 1), 60);
      return fc.array(mostlyShaped(schema.items, key, depth + 1, calm), { maxLength: most });
    }
    case 'object': {
      if (depth > 3) return fc.constant({});
      const known = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, s]) => [
          name,
          mostlyShaped(s, name, depth + 1, calm),
        ]),
      );
      // The required fields and any of the others (now and then none at all),
      // sometimes with one a client has no reason to send.
      const required = (schema.required ?? []).filter((name) => name in known);
      if (calm) return fc.record(known, { requiredKeys: required });
      return fc
        .tuple(
          fc.oneof(
            { weight: 4, arbitrary: fc.record(known, { requiredKeys: required }) },
            { weight: 1, arbitrary: fc.record(known, { requiredKeys: [] }) },
          ),
          seldom(
            fc.tuple(fc.constantFrom('user_id', 'id', '__proto__', 'constructor', 'x'), hostile),
          ),
        )
        .map(([record, extra]) =>
          extra
            ? Object.defineProperty(record, extra[0], { value: extra[1], enumerable: true })
            : record,
        );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly the schema's shape; now and then (unless calm) something hostile in its place. */
function mostlyShaped(
  schema: Schema,
  key: string | undefined,
  depth: number,
  calm: boolean,
): fc.Arbitrary<unknown> {
  if (calm) return shaped(schema, key, depth, true);
  return fc.oneof(
    { weight: 24, arbitrary: shaped(schema, key, depth) },
    { weight: 1, arbitrary: hostile },
  );
}

const csvCell = (value: string) => `"${value.replaceAll('"', '""')}"`;

const todoistCsv = fc
  .array(
    fc.tuple(
      fc.constantFrom('task', 'section', 'note', '', 'TASK'),
      fc.oneof(fc.string({ maxLength: 60 }), hostileText),
      fc.constantFrom('1', '2', '3', '4', '0', 'x', ''),
      fc.constantFrom('1', '2', '3', '4', '9', ''),
      fc.oneof(
        fc.constantFrom('every thursday', 'every 3 days', 'tomorrow', 'dec 3', 'every! month', ''),
        hostileText,
        fc.string({ maxLength: 30 }),
      ),
    ),
    { maxLength: 30 },
  )
  .map((rows) =>
    [
      'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
      ...rows.map(([type, content, priority, indent, date]) =>
        [type, csvCell(content), '', priority, indent, '', '', csvCell(date), 'en', ''].join(','),
      ),
    ].join('\n'),
  );

/** An import's file: a Stride export shaped by its own schema, a Todoist CSV, or junk. */
const importFile: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .constant(null)
    .chain(() => shaped(ExportDocumentSchema as Schema, undefined, 0))
    .map((doc) => JSON.stringify(doc)),
  todoistCsv,
  fc.string({ maxLength: 200 }),
);

/**
 * A request body for a route: its schema's shape (calm: only its shape, no
 * hostile values, so the request gets past validation to the route's own
 * code), or malformed JSON, or nothing.
 */
export function bodyFor(schema: unknown, calm = false): fc.Arbitrary<string> {
  if (calm && schema)
    return shaped(schema as Schema, undefined, 0, true).map((v) => JSON.stringify(v));
  return fc.oneof(
    {
      weight: 6,
      arbitrary: schema
        ? shaped(schema as Schema, undefined, 0).map((v) => JSON.stringify(v))
        : fc.constant('{}'),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        '[1,',
        'nul',
        '{"__proto__":{"x":1}}',
        '\u0000',
        '{"a":1}}',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  );
}

/** A query string for a route: its declared parameters as text, valid or not, and strays. */
export function queryFor(schema: unknown): fc.Arbitrary<string> {
  const declared = Object.entries((schema as Schema | undefined)?.properties ?? {});
  const value = (s: Schema, name: string) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: shaped(s, name, 2).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
      },
      fc.string({ maxLength: 30 }),
      fc.string().map((t) => Buffer.from(t).toString('base64url')),
      fc.constantFrom('%', '_', '0', '-1', '99999', 'a'.repeat(5_000)),
    );
  return fc
    .tuple(
      declared.length
        ? fc.record(Object.fromEntries(declared.map(([name, s]) => [name, value(s, name)])), {
            requiredKeys: [],
          })
        : fc.constant({}),
      seldom(fc.constantFrom('x=1', 'limit=1&limit=2', 'cursor=%E0%A4%A', `q=${'%00'.repeat(10)}`)),
    )
    .map(([params, stray]) => {
      const search = new URLSearchParams(params as Record<string, string>).toString();
      const parts = [search, stray].filter(Boolean);
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

/** Mostly what a browser sends; now and then something odd in its place. */
const usually = <T>(valid: T, ...odd: T[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constantFrom(...odd) },
  );

/**
 * Headers a browser, a proxy or an attacker might send: mostly a browser's,
 * so most requests get past the edge checks to the route's own code.
 */
export function headersWith(app: string, metricsToken: string) {
  return fc
    .record({
      'content-type': usually(
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        ';;;',
        '',
      ),
      origin: usually(app, 'https://evil.example', 'null', 'http://localhost:3000/', ''),
      authorization: usually(
        `Bearer ${metricsToken}`,
        'Bearer nope',
        'Basic x',
        `Bearer ${'x'.repeat(5_000)}`,
        '',
      ),
      accept: usually('*/*', 'text/html', 'application/xml', 'text/event-stream', ''),
      'x-forwarded-for': usually('', '1.2.3.4', 'garbage', '1.2.3.4, 5.6.7.8'),
      'last-event-id': usually('', '0', '-1', '99999999999999999999', 'x', '1e3'),
      cookie: fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('stride_session=%%%; a=b', 'stride_session=x'.repeat(100)),
        },
      ),
    })
    .map((headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== '')),
    );
}
