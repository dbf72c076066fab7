import { useSearchParams } from '@stride/shared';
import { useCallback, useMemo } from 'react';
import { readView, type TaskView, writeView } from './task-filters';

/**
 * The list's view from the URL, and a setter. Each change is a history
 * entry (back undoes it) unless `replace` is asked for, as search-as-you-type does.
 */
export function useTaskView() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const update = useCallback(
    (change: Partial<TaskView>, options: { replace?: boolean } = {}) =>
      setParams((current) => writeView({ ...readView(current), ...change }, current), options),
    [setParams],
  );
  const clear = useCallback(
    () => setParams((current) => writeView({ sort: readView(current).sort }, current)),
    [setParams],
  );
  return { view, update, clear };
}
