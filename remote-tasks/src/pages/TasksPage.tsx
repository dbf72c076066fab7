import { useNewItemRequest } from '@stride/shared';
import { useCallback, useState } from 'react';
import { useSavedViews } from '../features/filters/views-data';
import { useGoalOptions } from '../features/goals/use-goal-options';
import { LabelManager } from '../features/labels/components/LabelManager';
import { useLabels } from '../features/labels/labels-data';
import { QUICK_ADD_ID, QuickAdd } from '../features/tasks/components/QuickAdd';
import { ShortcutsHelp } from '../features/tasks/components/ShortcutsHelp';
import { TaskPageContexts } from '../features/tasks/components/TaskPageContexts';
import { TaskResults } from '../features/tasks/components/TaskResults';
import { SEARCH_ID, TaskToolbar } from '../features/tasks/components/TaskToolbar';
import { TodayView } from '../features/tasks/components/TodayView';
import { UpcomingView } from '../features/tasks/components/UpcomingView';
import { ViewSwitch } from '../features/tasks/components/ViewSwitch';
import { focusTaskRow } from '../features/tasks/row-focus';
import { useShortcuts } from '../features/tasks/use-shortcuts';
import { useTaskView } from '../features/tasks/use-task-view';
import '../features/tasks/tasks.css';

const focus = (id: string) => document.getElementById(id)?.focus();

/**
 * Exposed as `remote_tasks/TasksPage`: quick add, then one of three views
 * (in the URL): All (filters, search, sort), Today or Upcoming.
 */
export default function TasksPage() {
  const { view, update, clear } = useTaskView();
  const { goals } = useGoalOptions();
  const { labels } = useLabels();
  const { views } = useSavedViews();
  const [editingId, setEditingId] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);

  // "New task" from the command palette lands here, in quick add.
  useNewItemRequest(useCallback(() => focus(QUICK_ADD_ID), []));
  useShortcuts({
    n: () => focus(QUICK_ADD_ID),
    '/': () => focus(SEARCH_ID),
    '?': () => setHelpOpen((open) => !open),
    j: () => focusTaskRow(1),
    k: () => focusTaskRow(-1),
  });

  return (
    <TaskPageContexts announce={announce}>
      <section aria-labelledby="tasks-title" className="page tasks-page">
        <header className="tasks-page__header">
          <h1 id="tasks-title">Tasks</h1>
          <div className="tasks-page__tools">
            <LabelManager onShowTasks={(label) => update({ list: undefined, label })} />
            <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
          </div>
        </header>
        <QuickAdd goalId={view.goal} list={view.list} onAdded={announce} />
        <ViewSwitch current={view.list} filter={view.filter} saved={views} />
        <p className="visually-hidden" role="status" aria-live="polite">
          {announcement}
        </p>
        {view.list === 'today' && (
          <TodayView goals={goals} editingId={editingId} onEdit={setEditingId} />
        )}
        {view.list === 'upcoming' && (
          <UpcomingView goals={goals} editingId={editingId} onEdit={setEditingId} />
        )}
        {!view.list && (
          <>
            <TaskToolbar
              view={view}
              goals={goals}
              labels={labels}
              views={views}
              announce={announce}
              onChange={update}
            />
            <TaskResults
              view={view}
              goals={goals}
              editingId={editingId}
              onEdit={setEditingId}
              onClearFilters={clear}
            />
          </>
        )}
      </section>
    </TaskPageContexts>
  );
}
