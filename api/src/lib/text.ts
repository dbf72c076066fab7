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

/** True when a parsed JSON value holds a lone surrogate in any string, keys included. */
export function hasLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return !value.isWellFormed();
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, entry]) => !key.isWellFormed() || hasLoneSurrogate(entry),
    );
  }
  return false;
}
