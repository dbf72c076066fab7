import { ConflictPanel, type Goal } from '@stride/shared';
import { ruleInWords } from '@stride/shared/recurrence';
import { describeReminder } from '@stride/shared/reminders';
import { remindersOf } from '../../reminders/reminder-draft';
import type { DraftField, TaskDraft } from '../task-draft';
import { PRIORITY_LABELS, STATUS_LABELS } from '../task-format';

const LABELS: Record<DraftField, string> = {
  title: 'Title',
  notes: 'Notes',
  due_date: 'Due date',
  due_time: 'Time',
  repeat: 'Repeat',
  priority: 'Priority',
  goal_id: 'Goal',
  status: 'Status',
  labels: 'Labels',
  reminders: 'Reminders',
};

interface ConflictNoticeProps {
  id: string;
  /** The fields both sides changed, to different values. */
  fields: DraftField[];
  mine: TaskDraft;
  theirs: TaskDraft;
  goals: Goal[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** A task's edit conflict in the kit's panel: each field in the words the editor shows. */
export function ConflictNotice({
  id,
  fields,
  mine,
  theirs,
  goals,
  ...actions
}: ConflictNoticeProps) {
  const shown = (draft: TaskDraft, field: DraftField): string => {
    if (field === 'priority') return PRIORITY_LABELS[draft.priority];
    if (field === 'status') return STATUS_LABELS[draft.status];
    if (field === 'repeat') return draft.repeat ? ruleInWords(draft.repeat) : 'Does not repeat';
    if (field === 'labels') {
      const names = draft.labels.split(' ').filter(Boolean);
      return names.length > 0 ? names.map((name) => `@${name}`).join(' ') : 'None';
    }
    if (field === 'reminders') {
      const reminders = remindersOf(draft.reminders);
      return reminders.length > 0
        ? reminders.map((reminder) => describeReminder(reminder)).join('; ')
        : 'None';
    }
    if (field === 'goal_id')
      return draft.goal_id
        ? (goals.find((goal) => goal.id === draft.goal_id)?.title ?? 'A goal')
        : 'None';
    return draft[field];
  };
  return (
    <ConflictPanel
      thing="task"
      id={id}
      rows={fields.map((field) => ({
        field,
        label: LABELS[field],
        mine: shown(mine, field),
        theirs: shown(theirs, field),
      }))}
      {...actions}
    />
  );
}
