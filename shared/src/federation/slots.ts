// Slots: a part of one team's page that another team's remote draws. The
// goal page (remote_goals) shows the goal's tasks with the Tasks page's own
// rows (remote_tasks): it never imports remote_tasks, it asks for the
// `goalTasks` part by name, and the host, which composes the apps, provides
// it. A page must draw something of its own when the part is not there: an
// older host, or a remote run on its own.
import type { ComponentType, ReactNode } from 'react';

/**
 * Each slot's name and the props its part takes. Every part also takes the
 * page's own `fallback`, drawn if the part cannot load (a remote release
 * that does not expose it yet, or a remote that is down).
 */
export interface SlotProps {
  /** One goal's tasks: quick add and the task rows, filtered to the goal. */
  goalTasks: { goalId: string; fallback: ReactNode };
}
export type SlotName = keyof SlotProps;

const parts = new Map<SlotName, ComponentType<never>>();

/** The host: `part` draws slot `name` from now on (undefined: nothing does). */
export function provideSlot<N extends SlotName>(
  name: N,
  part: ComponentType<SlotProps[N]> | undefined,
): void {
  if (part) parts.set(name, part as ComponentType<never>);
  else parts.delete(name);
}

/** A page: the part provided for `name`, if any. */
export function slotPart<N extends SlotName>(name: N): ComponentType<SlotProps[N]> | undefined {
  return parts.get(name) as ComponentType<SlotProps[N]> | undefined;
}
