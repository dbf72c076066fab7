import { useCallback, useMemo, useState } from 'react';
import { deferredModule } from '../ui/deferred-module';
import { plainLine, type QuickAdd, type QuickAddGoal } from './quick-add-types';

/**
 * The parser (chrono-node with it) stays off the page's start: it loads when
 * the field is focused (`warm`), before the first letter is typed. Loaded at
 * idle time instead, its evaluation was a long task of up to 180 ms on a
 * phone's CPU inside the first page's start (docs/architecture.md §2,
 * "Start-up in slices").
 */
const engine = deferredModule(() => import('./engine'));

interface Options {
  goals?: readonly QuickAddGoal[];
  timeZone?: string | null;
}

/**
 * The typed line read as a task, what each recognised part means in words,
 * and the words the user chose to keep as words. Kept words the line no
 * longer holds are dropped, so a cleared field starts fresh. Until the
 * parser has loaded the line reads as a plain title; `settle` waits for it,
 * so a line sent at once is still read in full.
 */
export function useQuickAdd(text: string, { goals, timeZone }: Options) {
  const parser = engine.useModule();
  const [kept, setKept] = useState<readonly string[]>([]);
  const literal = useMemo(() => kept.filter((words) => text.includes(words)), [kept, text]);
  const read = useCallback(
    (line: string, loaded: typeof parser): QuickAdd =>
      loaded ? loaded.parseQuickAdd(line, { goals, timeZone, literal }) : plainLine(line),
    [goals, timeZone, literal],
  );
  const parsed = useMemo(() => read(text, parser), [read, text, parser]);
  const meanings = useMemo(
    () => parsed.tokens.map((token) => parser?.tokenMeaning(token, parsed, goals) ?? ''),
    [parsed, parser, goals],
  );

  const keep = useCallback((words: string) => setKept((all) => [...all, words]), []);
  const forget = useCallback(() => setKept([]), []);
  const settle = useCallback(async (line: string) => read(line, await engine.load()), [read]);
  const warm = useCallback(() => void engine.load(), []);
  return { parsed, meanings, keep, forget, settle, warm };
}
