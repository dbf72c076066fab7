import { useCallback, useMemo, useState } from 'react';
import { parseQuickAdd, type QuickAddGoal } from './parse-quick-add';

/**
 * The typed line read as a task, and the words the user chose to keep as
 * words. Kept words the line no longer holds are dropped, so a cleared field
 * starts fresh.
 */
export function useQuickAdd(
  text: string,
  { goals, timeZone }: { goals?: readonly QuickAddGoal[]; timeZone?: string | null },
) {
  const [kept, setKept] = useState<readonly string[]>([]);
  const literal = useMemo(() => kept.filter((words) => text.includes(words)), [kept, text]);
  const parsed = useMemo(
    () => parseQuickAdd(text, { goals, timeZone, literal }),
    [text, goals, timeZone, literal],
  );
  const keep = useCallback((words: string) => setKept((all) => [...all, words]), []);
  const forget = useCallback(() => setKept([]), []);
  return { parsed, keep, forget };
}
