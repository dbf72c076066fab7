import {
  Button,
  ErrorNotice,
  rule,
  SelectField,
  showServerErrors,
  type Task,
  TextAreaField,
  TextField,
  taskErrorReason,
  useMergeSave,
  useUpdateTask,
} from '@stride/shared';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { goalOptions, useGoalOptions } from '../../goals/use-goal-options';
import { LabelPicker } from '../../labels/components/LabelPicker';
import { useLabels } from '../../labels/labels-data';
import { ReminderPicker } from '../../reminders/components/ReminderPicker';
import { remindersDraft, remindersOf } from '../../reminders/reminder-draft';
import { useAnnounce } from '../announce';
import { TASKS_COPY } from '../copy';
import { repeatOptions } from '../repeat-options';
import { DRAFT_FIELDS, draftOf, patchFrom, type TaskDraft } from '../task-draft';
import { checkNotes, checkTitle } from '../task-form';
import { PRIORITY_LABELS, STATUS_LABELS } from '../task-format';
import { useRememberChange } from '../use-undo';
import { ConflictNotice } from './ConflictNotice';
import { TaskSteps } from './TaskSteps';

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

interface TaskEditorProps {
  id: string;
  task: Task;
  onClose: () => void;
}

/**
 * Inline edit of one task. It sends only the fields the user changed, on the
 * version the edit started from. On a 409 it merges as the goal form does (useMergeSave):
 * fields only the other side changed are taken, fields only the user changed
 * are kept and saved, and fields both changed are shown side by side for the
 * user to choose. The form stays open (and filled) until a save succeeds.
 */
export function TaskEditor({ id, task, onClose }: TaskEditorProps) {
  const { register, handleSubmit, setError, setValue, getValues, watch, formState } =
    useForm<TaskDraft>({ defaultValues: draftOf(task) });
  const { errors } = formState;
  const [formError, setFormError] = useState<string>();
  const update = useUpdateTask({ notifyErrors: false });
  const { goals } = useGoalOptions();
  const { labels } = useLabels();
  const announce = useAnnounce();
  const remember = useRememberChange();

  useEffect(() => document.getElementById(`${id}-title`)?.focus(), [id]);

  /** Puts a merged draft in the fields, keeping the form's state. */
  const setDraft = (values: TaskDraft) => {
    for (const field of DRAFT_FIELDS) setValue(field, values[field]);
  };

  const failed = (error: unknown) =>
    setFormError([TASKS_COPY.saveFailed, taskErrorReason(error)].filter(Boolean).join(' '));

  const merge = useMergeSave({
    record: task,
    fields: DRAFT_FIELDS,
    valuesOf: draftOf,
    request: (values: TaskDraft, against: Task) => {
      const patch = patchFrom(values, draftOf(against));
      if (Object.keys(patch).length === 0) return null;
      return { id: task.id, patch: { ...patch, version: against.version } };
    },
    // The saved change goes into the page's undo, with a toast that offers it.
    mutate: (request, callbacks) => {
      const before = task;
      update.mutate(request, {
        ...callbacks,
        onSuccess: ({ task: saved }) => {
          remember(
            { kind: 'change', id: task.id, title: saved.title, before, after: saved },
            TASKS_COPY.saved,
          );
          callbacks.onSuccess();
        },
      });
    },
    onSaved: () => {
      announce(TASKS_COPY.saved);
      onClose();
    },
    onNothingToSave: onClose,
    onMerged: setDraft,
    onFailed: (error) => {
      if (!showServerErrors(setError, error, DRAFT_FIELDS)) failed(error);
    },
    unchanged: (values, record) => Object.keys(patchFrom(values, draftOf(record))).length === 0,
  });
  const { base, conflict } = merge;

  const submit = handleSubmit((values) => {
    setFormError(undefined);
    merge.save(values);
  });
  /** One action: the task stops repeating at once, whatever else is being edited. */
  const stopRepeating = () => {
    update.mutate(
      { id: task.id, patch: { repeat: null, version: base.version } },
      {
        onSuccess: ({ task: saved }) => {
          merge.setBase(saved);
          setValue('repeat', '');
          announce(TASKS_COPY.stoppedRepeating);
        },
        onError: failed,
      },
    );
  };
  const keepMine = () => {
    setFormError(undefined);
    merge.keepMine(getValues());
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
          mine={getValues()}
          theirs={draftOf(conflict.current)}
          goals={goals}
          busy={update.isPending}
          onKeepMine={keepMine}
          onTakeTheirs={() => merge.takeTheirs(getValues())}
        />
      )}
      <TextField
        id={`${id}-title`}
        label="Title"
        error={errors.title?.message}
        {...register('title', { validate: rule((value: string) => checkTitle(value).error) })}
      />
      <TextAreaField
        id={`${id}-notes`}
        label="Notes"
        error={errors.notes?.message}
        rows={3}
        {...register('notes', { validate: rule(checkNotes) })}
      />
      <div className="task-editor__grid">
        <TextField
          id={`${id}-due`}
          type="date"
          label="Due date"
          error={errors.due_date?.message}
          {...register('due_date')}
        />
        <TextField
          id={`${id}-time`}
          type="time"
          label="Time"
          error={errors.due_time?.message}
          {...register('due_time')}
        />
        <SelectField
          id={`${id}-repeat`}
          label="Repeat"
          options={repeatOptions(
            watch('due_date'),
            watch('repeat'),
            base.repeat_from === 'done' ? base.repeat : null,
          )}
          error={errors.repeat?.message}
          {...register('repeat')}
        />
        <SelectField
          id={`${id}-priority`}
          label="Priority"
          options={options(PRIORITY_LABELS)}
          error={errors.priority?.message}
          {...register('priority')}
        />
        <SelectField
          id={`${id}-status`}
          label="Status"
          options={options(STATUS_LABELS)}
          error={errors.status?.message}
          {...register('status')}
        />
        <SelectField
          id={`${id}-goal`}
          label="Goal"
          options={[{ value: '', label: 'No goal' }, ...goalOptions(goals, watch('goal_id'))]}
          error={errors.goal_id?.message}
          {...register('goal_id')}
        />
      </div>
      <LabelPicker
        value={watch('labels').split(' ').filter(Boolean)}
        onChange={(names) => setValue('labels', names.join(' '), { shouldDirty: true })}
        labels={labels}
      />
      <ReminderPicker
        value={remindersOf(watch('reminders'))}
        onChange={(reminders) =>
          setValue('reminders', remindersDraft(reminders), { shouldDirty: true })
        }
        dueDate={watch('due_date')}
        dueTime={watch('due_time')}
      />
      <TaskSteps task={task} />
      {formError && <ErrorNotice>{formError}</ErrorNotice>}
      <div className="task-editor__actions">
        {!conflict && (
          <Button type="submit" variant="primary" busy={update.isPending}>
            Save
          </Button>
        )}
        <Button onClick={onClose}>Cancel</Button>
        {base.repeat && (
          <Button variant="ghost" onClick={stopRepeating} busy={update.isPending}>
            Stop repeating
          </Button>
        )}
      </div>
    </form>
  );
}
