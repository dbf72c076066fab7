import { type Subtask, type Task, useUpdateTask } from '@stride/shared';
import { useEffect, useState } from 'react';
import { useRememberChange } from './use-undo';

/**
 * A task's steps as shown, and the one way to change them: each change saves
 * at once (the write queue orders quick ones). Shown in the frame of the
 * click; the cache's optimistic copy lands a moment later, and any new task
 * object (the server's answer) takes over. Used by the editor's checklist and
 * by the row's, so both follow the same rule.
 */
export function useSteps(task: Task) {
  const update = useUpdateTask();
  const remember = useRememberChange();
  const [steps, setSteps] = useState(task.subtasks);
  useEffect(() => setSteps(task.subtasks), [task.subtasks]);
  const save = (subtasks: Subtask[]) => {
    setSteps(subtasks);
    update.mutate(
      { id: task.id, patch: { subtasks, version: task.version } },
      {
        // Ctrl/⌘-Z takes it back; a toast for every tick would be noise.
        onSuccess: ({ task: saved }) =>
          remember({ kind: 'change', id: task.id, title: saved.title, before: task, after: saved }),
      },
    );
  };
  const toggle = (id: string) =>
    save(steps.map((step) => (step.id === id ? { ...step, done: !step.done } : step)));
  return { steps, save, toggle };
}
