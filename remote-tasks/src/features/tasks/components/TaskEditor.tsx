import {
  Button,
  ErrorNotice,
  mergeEdit,
  SelectField,
  type Task,
  TextAreaField,
  TextField,
  taskErrorReason,
  useUpdateTask,
  versionConflict,
} from '@stride/shared';
import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import { goalOptions, useGoalOptions } from '../../goals/use-goal-options';
import { useAnnounce } from '../announce';
import { TASKS_PAGE_COPY } from '../copy';
import { DRAFT_FIELDS, type DraftField, draftOf, patchFrom, type TaskDraft } from '../task-draft';
import { checkNotes, checkTitle, serverFieldErrors } from '../task-form';
import { PRIORITY_LABELS, STATUS_LABELS } from '../task-format';
import { ConflictNotice } from './ConflictNotice';

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

interface TaskEditorProps {
  id: string;
  task: Task;
  onClose: () => void;
}

interface Conflict {
  fields: DraftField[];
  current: Task;
}

/**
 * Inline edit of one task. It sends only the fields the user changed, on the
 * version the edit started from. On a 409 it merges as the goal form does:
 * fields only the other side changed are taken, fields only the user changed
 * are kept and saved, and fields both changed are shown side by side for the
 * user to choose. The form stays open (and filled) until a save succeeds.
 */
export function TaskEditor({ id, task, onClose }: TaskEditorProps) {
  const [draft, setDraft] = useState(() => draftOf(task));
  const [base, setBase] = useState(task);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string>();
  const update = useUpdateTask({ notifyErrors: false });
  const { goals } = useGoalOptions();
  const announce = useAnnounce();

  useEffect(() => document.getElementById(`${id}-title`)?.focus(), [id]);

  const set = (field: keyof TaskDraft) => (event: { target: { value: string } }) => {
    setDraft((current) => ({ ...current, [field]: event.target.value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  /** Saves `values` as changes to `against` (the record the user's edit now applies to). */
  const save = (values: TaskDraft, against: Task, retried = false) => {
    const title = checkTitle(values.title);
    const notes = checkNotes(values.notes);
    if (title.error || notes) return setErrors({ title: title.error ?? '', notes: notes ?? '' });
    const patch = patchFrom(values, draftOf(against));
    if (Object.keys(patch).length === 0) return onClose();
    setFormError(undefined);
    update.mutate(
      { id: task.id, patch: { ...patch, version: against.version } },
      {
        onSuccess: () => {
          announce(TASKS_PAGE_COPY.saved);
          onClose();
        },
        onError: (error) => {
          const current = versionConflict<Task>(error);
          if (current) {
            const { merged, conflicts } = mergeEdit(
              DRAFT_FIELDS,
              draftOf(against),
              values,
              draftOf(current),
            );
            setDraft(merged);
            setBase(current);
            if (conflicts.length > 0 || retried) setConflict({ fields: conflicts, current });
            else save(merged, current, true);
            return;
          }
          const fields = serverFieldErrors(error);
          if (Object.keys(fields).length > 0) return setErrors(fields);
          setFormError(
            [TASKS_PAGE_COPY.saveFailed, taskErrorReason(error)].filter(Boolean).join(' '),
          );
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(draft, base);
  };
  const keepMine = () => {
    if (!conflict) return;
    setConflict(null);
    save(draft, conflict.current);
  };
  const takeTheirs = () => {
    if (!conflict) return;
    const theirs = draftOf(conflict.current);
    const next = { ...draft };
    for (const field of conflict.fields) Object.assign(next, { [field]: theirs[field] });
    setConflict(null);
    if (Object.keys(patchFrom(next, theirs)).length === 0) onClose();
    else setDraft(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <form id={id} className="task-editor" onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      {conflict && (
        <ConflictNotice
          id={`${id}-conflict`}
          fields={conflict.fields}
          mine={draft}
          theirs={draftOf(conflict.current)}
          goals={goals}
          busy={update.isPending}
          onKeepMine={keepMine}
          onTakeTheirs={takeTheirs}
        />
      )}
      <TextField
        id={`${id}-title`}
        label="Title"
        value={draft.title}
        error={errors.title || undefined}
        onChange={set('title')}
      />
      <TextAreaField
        id={`${id}-notes`}
        label="Notes"
        value={draft.notes}
        error={errors.notes || undefined}
        rows={3}
        onChange={set('notes')}
      />
      <div className="task-editor__grid">
        <TextField
          id={`${id}-due`}
          type="date"
          label="Due date"
          value={draft.due_date}
          error={errors.due_date}
          onChange={set('due_date')}
        />
        <SelectField
          id={`${id}-priority`}
          label="Priority"
          options={options(PRIORITY_LABELS)}
          value={draft.priority}
          onChange={set('priority')}
        />
        <SelectField
          id={`${id}-status`}
          label="Status"
          options={options(STATUS_LABELS)}
          value={draft.status}
          onChange={set('status')}
        />
        <SelectField
          id={`${id}-goal`}
          label="Goal"
          options={[{ value: '', label: 'No goal' }, ...goalOptions(goals, draft.goal_id)]}
          value={draft.goal_id}
          onChange={set('goal_id')}
        />
      </div>
      {formError && <ErrorNotice>{formError}</ErrorNotice>}
      <div className="task-editor__actions">
        {!conflict && (
          <Button type="submit" variant="primary" busy={update.isPending}>
            Save
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
      </div>
    </form>
  );
}
