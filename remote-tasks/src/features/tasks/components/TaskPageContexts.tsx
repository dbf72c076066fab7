import type { ReactNode } from 'react';
import { WithLabelColors } from '../../labels/components/WithLabelColors';
import { AnnounceContext } from '../announce';
import { UndoContext, useUndo } from '../use-undo';

/**
 * What every page of tasks gives its rows and editors: where to announce a
 * change to screen readers, the page's undo (its own history: use-undo.tsx),
 * and the labels' colours, read once for the page.
 */
export function TaskPageContexts({
  announce,
  children,
}: {
  announce: (message: string) => void;
  children: ReactNode;
}) {
  const remember = useUndo(announce);
  return (
    <AnnounceContext.Provider value={announce}>
      <UndoContext.Provider value={remember}>
        <WithLabelColors>{children}</WithLabelColors>
      </UndoContext.Provider>
    </AnnounceContext.Provider>
  );
}
