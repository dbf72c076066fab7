import { Button } from '@stride/shared';
import { formatDate } from '../goals/dates';
import type { GoalField, GoalValues } from './validation';

const FIELD_LABELS: Record<GoalField, string> = {
  title: 'Title',
  description: 'Description',
  target_date: 'Target date',
};

function shown(field: GoalField, value: string): string {
  if (!value.trim()) return '(empty)';
  return field === 'target_date' ? formatDate(value) : value;
}

interface ConflictPanelProps {
  conflicts: GoalField[];
  mine: GoalValues;
  theirs: GoalValues;
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/**
 * A 409 where both sides changed the same fields: what was typed beside what
 * is saved now, and the user picks. Nothing is lost until they do.
 */
export function ConflictPanel({
  conflicts,
  mine,
  theirs,
  busy,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  return (
    <section className="goal-conflict" role="alert" aria-labelledby="goal-conflict-title">
      <h3 id="goal-conflict-title" className="goal-conflict__title">
        This goal was changed somewhere else while you were editing
      </h3>
      <p className="goal-conflict__lead">Choose which version to keep.</p>
      <dl className="goal-conflict__fields">
        {conflicts.map((field) => (
          <div key={field} className="goal-conflict__field">
            <dt>{FIELD_LABELS[field]}</dt>
            <dd>
              <span className="goal-conflict__label">Yours</span>
              <span className="goal-conflict__value">{shown(field, mine[field])}</span>
            </dd>
            <dd>
              <span className="goal-conflict__label">Saved</span>
              <span className="goal-conflict__value">{shown(field, theirs[field])}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="goal-form__actions">
        <Button variant="primary" busy={busy} onClick={onKeepMine}>
          Keep my version
        </Button>
        <Button onClick={onTakeTheirs} disabled={busy}>
          Use the saved version
        </Button>
      </div>
    </section>
  );
}
