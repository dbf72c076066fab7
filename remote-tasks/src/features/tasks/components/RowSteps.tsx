import type { Task } from '@stride/shared';
import { useSteps } from '../use-steps';

/**
 * A task's steps under its row, to tick without opening the editor (as
 * Things does). Adding, removing and moving steps stay in the editor.
 */
export function RowSteps({ id, task }: { id: string; task: Task }) {
  const { steps, toggle } = useSteps(task);
  return (
    <ul id={id} className="row-steps" aria-label={`Steps of “${task.title}”`}>
      {steps.map((step) => (
        <li key={step.id}>
          <label className="row-steps__step">
            <input type="checkbox" checked={step.done} onChange={() => toggle(step.id)} />
            <span className={step.done ? 'row-steps__title--done' : undefined}>{step.title}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
