import { EmptyState } from '@stride/shared';
import { useCallback, useMemo, useState } from 'react';
import { useGoalOptions } from '../features/goals/use-goal-options';
import { QuickAdd } from '../features/tasks/components/QuickAdd';
import { TaskPageContexts } from '../features/tasks/components/TaskPageContexts';
import { TaskResults } from '../features/tasks/components/TaskResults';
import { DEFAULT_SORT, type TaskView } from '../features/tasks/task-filters';
import '../features/tasks/tasks.css';

const noFilters = () => undefined;

/**
 * Exposed as `remote_tasks/GoalTaskList`: one goal's tasks with the Tasks
 * page's own quick add, rows and editor, so a task looks and acts the same
 * wherever it is shown. The host hands it to the goal page as its
 * `goalTasks` slot (shared federation/slots.ts).
 */
export default function GoalTaskList({ goalId }: { goalId: string }) {
  const { goals } = useGoalOptions();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const view = useMemo<TaskView>(() => ({ goal: goalId, sort: DEFAULT_SORT }), [goalId]);
  // Every row is in this goal: its name on each would only repeat the page's heading.
  const otherGoals = useMemo(() => goals.filter((goal) => goal.id !== goalId), [goals, goalId]);

  return (
    <TaskPageContexts announce={announce}>
      <div className="goal-tasks-part">
        <QuickAdd goalId={goalId} onAdded={announce} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        <TaskResults
          view={view}
          goals={otherGoals}
          editingId={editingId}
          onEdit={setEditingId}
          onClearFilters={noFilters}
          empty={
            <EmptyState title="No tasks yet">
              Break this goal into steps: add the first task above. Its progress fills up as you
              tick them off.
            </EmptyState>
          }
        />
      </div>
    </TaskPageContexts>
  );
}
