import { provideSlot, type SlotProps } from '@stride/shared';
import { RemoteRoute } from './RemoteRoute';

/**
 * The parts the host provides to other remotes' pages (shared's
 * federation/slots.ts): each is a remote's exposed module, loaded and
 * guarded like a route's page, so a part that fails stays inside its box.
 */
export function provideSlots(): void {
  provideSlot('goalTasks', (props: SlotProps['goalTasks']) => (
    <RemoteRoute remote="remote_tasks" page="GoalTaskList" props={props} />
  ));
}
