import { DATA_ACTIONS, type DataAction, useLocation } from '@stride/shared';
import { useEffect } from 'react';

/** The ids of the controls each data action focuses. */
export const DATA_ACTION_TARGETS: Record<DataAction, string> = {
  export: 'data-export-json',
  import: 'import-file-start',
};

const actionIn = (hash: string): DataAction | null =>
  DATA_ACTIONS.find((action) => `#${action}` === hash) ?? null;

/**
 * `/dashboard#export` and `/dashboard#import` (the palette's Export and
 * Import): the matching control is scrolled to and takes the focus once it
 * is on the page (`ready`: the import control arrives with its module).
 * Each arrival counts, so running the command again focuses it again.
 */
export function useDataAction(ready: Record<DataAction, boolean>) {
  const { hash, key } = useLocation();
  const action = actionIn(hash);
  const isReady = action !== null && ready[action];
  // Each navigation (its key) asks again, so the same command twice focuses twice.
  useEffect(() => {
    if (!action || !isReady) return;
    const target = document.getElementById(DATA_ACTION_TARGETS[action]);
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [action, isReady, key]);
  return action;
}
