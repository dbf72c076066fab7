// Errors that routes throw on purpose. The error handler turns them into the
// `{error, code, fields?, position?}` body of docs/architecture.md §4.
export class HttpError extends Error {
  /** Why, for the logs only (never sent to the client). */
  reason?: string;
  /** Where in the field's text the problem is (0-based), e.g. in a filter query. */
  position?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (code: string, message: string, fields?: Record<string, string>) =>
  new HttpError(400, code, message, fields);
export const unauthorized = () => new HttpError(401, 'not_authenticated', 'Not signed in');
export const serviceUnavailable = (code: string, message: string) =>
  new HttpError(503, code, message);

const SQLITE_DOWN = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOTADB|CORRUPT|PROTOCOL)/;
const PG_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03']);

/** True for errors that mean "the database is unavailable", not "the query is wrong". */
export function isDatabaseDown(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (SQLITE_DOWN.test(code) || PG_DOWN.has(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect/i.test(err.message);
}

/** Someone else's record answers exactly like a record that does not exist. */
export const notFound = () => new HttpError(404, 'not_found', 'Not found');
