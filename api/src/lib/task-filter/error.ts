// The one error the filter language throws: what is wrong, for people, and
// where in the query (0-based, in UTF-16 units as the browser counts them),
// so a field can underline it. The API answers it as a 400 `invalid_filter`.

export class FilterError extends Error {
  constructor(
    message: string,
    /** Where the problem starts in the query. */
    readonly position: number,
    /** How much of the query it covers (0 at the end of the query). */
    readonly length: number,
  ) {
    super(message);
    this.name = 'FilterError';
  }
}

/** Text quoted in a message, cut so a long term never floods it. */
export function quoted(text: string): string {
  if (text.length <= 40) return `“${text}”`;
  // Cut between characters, never inside one (an emoji is two UTF-16 units).
  let cut = 39;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut--;
  return `“${text.slice(0, cut)}…”`;
}
