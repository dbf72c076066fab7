import type { ReactNode } from 'react';
import { useLabelColor } from '../labels-data';
import '../labels.css';

/** A task's label: its name in its colour (grey until the labels have loaded). */
export function LabelChip({ name, children }: { name: string; children?: ReactNode }) {
  return (
    <span className="label-chip" data-color={useLabelColor(name) ?? 'grey'}>
      <span className="visually-hidden">Label </span>@{name}
      {children}
    </span>
  );
}
