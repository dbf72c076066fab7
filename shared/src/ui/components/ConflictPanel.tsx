import { Button } from './Button';
import { CONFLICT_COPY } from './conflict-copy';

export interface ConflictRow {
  field: string;
  label: string;
  /** As the user sees it ('' shows as "(empty)"). */
  mine: string;
  theirs: string;
}

interface ConflictPanelProps {
  /** What was edited, in the title: "goal", "task". */
  thing: string;
  id: string;
  rows: ConflictRow[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

const shown = (value: string) => (value.trim() ? value : CONFLICT_COPY.empty);

/**
 * A 409 where both sides changed the same fields (the rest is merged by
 * mergeEdit): what was typed beside what is saved now, and the user picks.
 * Nothing is lost until they do.
 */
export function ConflictPanel({
  thing,
  id,
  rows,
  busy,
  onKeepMine,
  onTakeTheirs,
}: ConflictPanelProps) {
  return (
    <section className="ui-conflict" role="alert" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="ui-conflict__title">
        {CONFLICT_COPY.title(thing)}
      </h3>
      <p className="ui-conflict__lead">{CONFLICT_COPY.lead}</p>
      <dl className="ui-conflict__fields">
        {rows.map((row) => (
          <div key={row.field} className="ui-conflict__field">
            <dt>{row.label}</dt>
            <dd>
              <span className="ui-conflict__label">{CONFLICT_COPY.mine}</span>
              <span className="ui-conflict__value">{shown(row.mine)}</span>
            </dd>
            <dd>
              <span className="ui-conflict__label">{CONFLICT_COPY.theirs}</span>
              <span className="ui-conflict__value">{shown(row.theirs)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <div className="ui-conflict__actions">
        <Button variant="primary" busy={busy} onClick={onKeepMine}>
          {CONFLICT_COPY.keepMine}
        </Button>
        <Button onClick={onTakeTheirs} disabled={busy}>
          {CONFLICT_COPY.takeTheirs}
        </Button>
      </div>
    </section>
  );
}
