import { provideSlot, type SlotProps } from '@stride/shared';
import { RemoteRoute } from './RemoteRoute';

/**
 * The parts the host provides to other remotes' pages (shared's
 * federation/slots.ts): each is a remote's exposed module, loaded and
 * guarded like a route's page; if it cannot load, the page's own fallback
 * shows in its place.
 */
export function provideSlots(): void {
  provideSlot('goalTasks', ({ fallback, ...props }: SlotProps['goalTasks']) => (
    <RemoteRoute remote="remote_tasks" page="GoalTaskList" props={props} fallback={fallback} />
  ));
}
