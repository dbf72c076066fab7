import {
  type AgendaEntry,
  Button,
  EmptyState,
  ErrorNotice,
  type Goal,
  Skeleton,
  useAgenda,
} from '@stride/shared';
import { dayLabel } from '@stride/shared/calendar-day';
import { ruleInWords } from '@stride/shared/recurrence';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { TASKS_COPY } from '../copy';
import { TaskList } from './TaskList';

interface UpcomingViewProps {
  goals: Goal[];
  editingId: string | null;
  onEdit: Dispatch<SetStateAction<string | null>>;
}

/** The agenda's entries by day, in order. */
function byDay(entries: readonly AgendaEntry[]): [string, AgendaEntry[]][] {
  const days = new Map<string, AgendaEntry[]>();
  for (const entry of entries) days.set(entry.date, [...(days.get(entry.date) ?? []), entry]);
  return [...days];
}

/**
 * Upcoming: the next 14 days, a heading per day. A task due that day is a
 * full row (tick, edit, delete); a later day of a repeating task is a quiet
 * line, since only its next occurrence can be done.
 */
export function UpcomingView({ goals, editingId, onEdit }: UpcomingViewProps) {
  const agenda = useAgenda();
  const goalTitles = useMemo(() => new Map(goals.map((goal) => [goal.id, goal.title])), [goals]);
  const days = useMemo(() => byDay(agenda.data?.entries ?? []), [agenda.data]);

  if (agenda.isPending) return <Skeleton rows={5} label="Loading upcoming tasks" />;
  if (agenda.isError && !agenda.data)
    return (
      <ErrorNotice action={<Button onClick={() => void agenda.refetch()}>Try again</Button>}>
        {TASKS_COPY.loadFailed}
      </ErrorNotice>
    );
  if (days.length === 0)
    return (
      <EmptyState title={TASKS_COPY.upcomingEmptyTitle}>{TASKS_COPY.upcomingEmptyBody}</EmptyState>
    );
  return (
    <>
      {days.map(([date, entries]) => {
        const id = `upcoming-${date}`;
        const due = entries.filter((entry) => !entry.occurrence).map((entry) => entry.task);
        const again = entries.filter((entry) => entry.occurrence);
        return (
          <section key={date} className="task-day" aria-labelledby={id} data-date={date}>
            <h2 id={id} className="task-day__heading">
              {dayLabel(date)}
            </h2>
            {due.length > 0 && (
              <TaskList
                tasks={due}
                goalTitles={goalTitles}
                editingId={editingId}
                onEdit={onEdit}
                busy={false}
                label={`Due ${dayLabel(date)}`}
              />
            )}
            {again.length > 0 && (
              <ul
                className="task-list task-list--again"
                aria-label={`Repeating on ${dayLabel(date)}`}
              >
                {again.map(({ task }) => (
                  <li key={task.id} className="task-again" data-testid="task-occurrence">
                    <span aria-hidden="true">↻</span> {task.title}
                    <span className="task-again__rule">
                      {task.repeat ? ruleInWords(task.repeat, task.repeat_from) : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
      {agenda.data?.truncated && <p className="task-list__end">{TASKS_COPY.upcomingTruncated}</p>}
    </>
  );
}
