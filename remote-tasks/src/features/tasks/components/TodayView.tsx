import { Button, EmptyState, ErrorNotice, type Goal, Skeleton, useTasks } from '@stride/shared';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { TASKS_COPY } from '../copy';
import { TaskList } from './TaskList';

interface DayViewProps {
  goals: Goal[];
  editingId: string | null;
  onEdit: Dispatch<SetStateAction<string | null>>;
}

const OVERDUE = { due: 'overdue', status: 'open', sort: 'due_date', limit: 100 } as const;
const TODAY = { due: 'today', status: 'open', sort: 'priority', limit: 100 } as const;

/** Today: what is late (oldest first), then what is due today (most important first). */
export function TodayView({ goals, editingId, onEdit }: DayViewProps) {
  const overdue = useTasks(OVERDUE);
  const today = useTasks(TODAY);
  const goalTitles = useMemo(() => new Map(goals.map((goal) => [goal.id, goal.title])), [goals]);
  const late = overdue.data?.pages.flatMap((page) => page.items) ?? [];
  const due = today.data?.pages.flatMap((page) => page.items) ?? [];

  if (overdue.isPending || today.isPending) return <Skeleton rows={4} label="Loading today" />;
  if ((overdue.isError && late.length === 0) || (today.isError && due.length === 0)) {
    const retry = () => {
      void overdue.refetch();
      void today.refetch();
    };
    return (
      <ErrorNotice action={<Button onClick={retry}>Try again</Button>}>
        {TASKS_COPY.loadFailed}
      </ErrorNotice>
    );
  }
  if (late.length === 0 && due.length === 0) {
    return <EmptyState title={TASKS_COPY.todayEmptyTitle}>{TASKS_COPY.todayEmptyBody}</EmptyState>;
  }
  const section = (id: string, title: string, tasks: typeof due) =>
    tasks.length > 0 && (
      <section className="task-day" aria-labelledby={id}>
        <h2 id={id} className="task-day__heading">
          {title} <span className="task-day__count">{tasks.length}</span>
        </h2>
        <TaskList
          tasks={tasks}
          goalTitles={goalTitles}
          editingId={editingId}
          onEdit={onEdit}
          busy={false}
          label={title}
        />
      </section>
    );
  return (
    <>
      {section('today-overdue', 'Overdue', late)}
      {section('today-due', 'Today', due)}
    </>
  );
}
