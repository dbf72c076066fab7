/** A command refused: its message is the one line the user sees, and nothing was written. */
export class CommandError extends Error {
  override name = 'CommandError';
}
