import type { PaletteCommand } from '@stride/shared';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * The commands that answer `query`, best first: every typed word must begin
 * a word of the label or keywords ("new t" finds "New task"); labels that
 * begin with the query come first, then the rest in their given order.
 */
export function matchCommands(
  commands: readonly PaletteCommand[],
  query: string,
): PaletteCommand[] {
  const typed = words(query);
  if (typed.length === 0) return [...commands];
  const scored: { command: PaletteCommand; score: number; index: number }[] = [];
  commands.forEach((command, index) => {
    const known = [...words(command.label), ...(command.keywords ?? []).flatMap(words)];
    if (!typed.every((word) => known.some((candidate) => candidate.startsWith(word)))) return;
    const starts = command.label.toLowerCase().startsWith(query.trim().toLowerCase());
    scored.push({ command, score: starts ? 0 : 1, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map(({ command }) => command);
}
