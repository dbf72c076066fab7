import { Button, type Goal, type Task } from '@stride/shared';
import { TASKS_PAGE_COPY } from '../copy';
import { changedFields, draftOf, type TaskDraft } from '../task-draft';
import { PRIORITY_LABELS, STATUS_LABELS } from '../task-format';

const LABELS = {
  title: 'Title',
  notes: 'Notes',
  due_date: 'Due date',
  priority: 'Priority',
  goal_id: 'Goal',
  status: 'Status',
} as const;

interface ConflictNoticeProps {
  current: Task;
  draft: TaskDraft;
  goals: Goal[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** A save that met a newer version: what is saved now, beside the user's kept edits. */
export function ConflictNotice({
  current,
  draft,
  goals,
  busy,
  onKeepMine,
  onTakeTheirs,
}: ConflictNoticeProps) {
  const theirs = draftOf(current);
  const shown = (field: keyof typeof LABELS): string => {
    const value = theirs[field];
    if (field === 'priority') return PRIORITY_LABELS[theirs.priority];
    if (field === 'status') return STATUS_LABELS[theirs.status];
    if (field === 'goal_id')
      return goals.find((goal) => goal.id === value)?.title ?? (value ? 'A goal' : 'None');
    return value || 'None';
  };
  return (
    <div className="task-conflict" role="alert" data-testid="task-conflict">
      <p className="task-conflict__title">{TASKS_PAGE_COPY.conflictTitle}</p>
      <p>{TASKS_PAGE_COPY.conflictBody}</p>
      <dl className="task-conflict__fields">
        {changedFields(theirs, draft).map((field) => (
          <div key={field}>
            <dt>{LABELS[field]} now</dt>
            <dd>{shown(field)}</dd>
          </div>
        ))}
      </dl>
      <div className="task-conflict__actions">
        <Button variant="primary" size="small" busy={busy} onClick={onKeepMine}>
          {TASKS_PAGE_COPY.keepMine}
        </Button>
        <Button size="small" disabled={busy} onClick={onTakeTheirs}>
          {TASKS_PAGE_COPY.takeTheirs}
        </Button>
      </div>
    </div>
  );
}
