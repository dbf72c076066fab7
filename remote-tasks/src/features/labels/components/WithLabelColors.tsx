import type { ReactNode } from 'react';
import { LabelColors, useLabelColorMap } from '../labels-data';

/** Gives the page's label chips their colours from one read of the labels. */
export function WithLabelColors({ children }: { children: ReactNode }) {
  return <LabelColors.Provider value={useLabelColorMap()}>{children}</LabelColors.Provider>;
}
