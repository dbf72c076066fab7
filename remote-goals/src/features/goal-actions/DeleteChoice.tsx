import { Button, type Goal } from '@stride/shared';
import { useEffect, useRef } from 'react';

interface DeleteChoiceProps {
  goal: Goal;
  onKeepTasks: () => void;
  onDeleteTasks: () => void;
  onCancel: () => void;
}

/** A goal with tasks: delete only the goal (its tasks stay, unlinked), or its tasks too. */
export function DeleteChoice({ goal, onKeepTasks, onDeleteTasks, onCancel }: DeleteChoiceProps) {
  const group = useRef<HTMLFieldSetElement>(null);
  useEffect(() => group.current?.querySelector('button')?.focus(), []);
  const count = goal.progress.total;
  const tasks = `${count} ${count === 1 ? 'task' : 'tasks'}`;
  return (
    <fieldset
      ref={group}
      className="goal-delete-choice"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <legend className="goal-delete-choice__legend">
        Delete “{goal.title}”? It has {tasks}.
      </legend>
      <div className="goal-actions">
        <Button size="small" variant="danger" onClick={onKeepTasks}>
          Delete goal, keep {tasks}
        </Button>
        <Button size="small" variant="danger" onClick={onDeleteTasks}>
          Delete goal and {tasks}
        </Button>
        <Button size="small" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </fieldset>
  );
}
