import { Button, type Goal, type GoalStatus, useDeleteGoal, useGoalStatus } from '@stride/shared';
import { useRef, useState } from 'react';
import { DeleteChoice } from './DeleteChoice';

const STATUS_ACTIONS: Record<GoalStatus, { label: string; to: GoalStatus }[]> = {
  active: [
    { label: 'Complete', to: 'completed' },
    { label: 'Archive', to: 'archived' },
  ],
  completed: [
    { label: 'Reopen', to: 'active' },
    { label: 'Archive', to: 'archived' },
  ],
  archived: [{ label: 'Unarchive', to: 'active' }],
};

/**
 * Complete / reopen / archive / delete, each undoable from its toast. The
 * goal's title is in every button's accessible name, so a list of cards
 * reads "Complete Run a half marathon", not five times "Complete".
 */
export function GoalActions({ goal, onDeleted }: { goal: Goal; onDeleted?: () => void }) {
  const setStatus = useGoalStatus();
  const remove = useDeleteGoal();
  const [choosing, setChoosing] = useState(false);
  const deleteButton = useRef<HTMLDivElement>(null);
  const busy = setStatus.isPending || remove.isPending;

  const deleteGoal = (deleteTasks: boolean) => {
    setChoosing(false);
    remove.mutate({ goal, deleteTasks }, { onSuccess: onDeleted });
  };

  if (choosing)
    return (
      <DeleteChoice
        goal={goal}
        onKeepTasks={() => deleteGoal(false)}
        onDeleteTasks={() => deleteGoal(true)}
        onCancel={() => {
          setChoosing(false);
          // Back to the Delete button the user came from, not to the top of the page.
          requestAnimationFrame(() =>
            deleteButton.current?.querySelector<HTMLElement>('.ui-button--danger')?.focus(),
          );
        }}
      />
    );

  return (
    <div className="goal-actions" ref={deleteButton}>
      {STATUS_ACTIONS[goal.status].map((action) => (
        <Button
          key={action.to}
          size="small"
          busy={setStatus.isPending && setStatus.variables?.status === action.to}
          disabled={busy}
          onClick={() => setStatus.mutate({ goal, status: action.to })}
        >
          {action.label}
          <span className="visually-hidden"> {goal.title}</span>
        </Button>
      ))}
      <Button
        size="small"
        variant="danger"
        busy={remove.isPending}
        disabled={busy}
        onClick={() => (goal.progress.total > 0 ? setChoosing(true) : deleteGoal(false))}
      >
        Delete
        <span className="visually-hidden"> {goal.title}</span>
      </Button>
    </div>
  );
}
