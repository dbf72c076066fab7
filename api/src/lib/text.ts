// Text rules that hold for every field, whatever route it arrives through.

/**
 * Blank to a reader: nothing but whitespace and invisible format characters
 * (zero-width spaces and joiners, BOMs, direction marks). `trim()` alone
 * leaves a title of U+200B "non-empty" and invisible in every list.
 */
export function isBlank(value: string): boolean {
  return /^[\s\p{Cf}]*$/u.test(value);
}

/**
 * Text from an identity provider (a name in Apple's form post, ID-token
 * claims): control characters removed and lone surrogates replaced, so what
 * we store is what every database can hold and a sign-in never fails on a
 * name. Input users type goes through the 400s of the JSON parser instead.
 */
export function providerText(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
  return value.replace(/[\u0000-\u001f\u007f]/g, '').toWellFormed();
}

/**
 * Why text cannot be stored: U+0000 (PostgreSQL cannot hold it in text, and
 * no one types it) or a lone surrogate (half a character: stored, it becomes
 * U+FFFD, once on PostgreSQL and three times on SQLite, so what was
 * acknowledged is not what is kept). Null when it can.
 */
export const UNSTORABLE = {
  nul: 'Text may not contain NUL characters',
  surrogate: 'Text must be valid Unicode (it holds half a character)',
} as const;

export function unstorable(value: string): string | null {
  if (value.includes('\u0000')) return UNSTORABLE.nul;
  if (!value.isWellFormed()) return UNSTORABLE.surrogate;
  return null;
}

/**
 * True when a parsed JSON value holds a lone surrogate in any string, keys
 * included. Walked with a stack of its own, so a deeply nested body cannot
 * overflow the call stack.
 */
export function hasLoneSurrogate(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!item.isWellFormed()) return true;
    } else if (Array.isArray(item)) {
      for (const entry of item) pending.push(entry);
    } else if (item !== null && typeof item === 'object') {
      for (const [key, entry] of Object.entries(item)) {
        if (!key.isWellFormed()) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/**
 * A LIKE pattern for `text` anywhere in a lower-cased column (tasks.search_text),
 * its `\`, `%` and `_` escaped: used with `escape '\'`, the same on SQLite and
 * PostgreSQL.
 */
export const likePattern = (text: string) =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
