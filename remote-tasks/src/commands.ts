// Exposed as `remote_tasks/commands`: what the Tasks page offers the host's
// command palette. Small on purpose: it loads when the palette opens.
import { type CommandSource, getHref, newItemHref, paths, taskViewHref } from '@stride/shared';
import { viewsApi } from './features/filters/views-api';

const GROUP = 'Tasks';

const source: CommandSource = {
  commands: [
    {
      id: 'tasks.new',
      label: 'New task',
      group: GROUP,
      keywords: ['add', 'create', 'quick add'],
      run: ({ navigate }) => navigate(newItemHref(paths.tasks)),
    },
    {
      id: 'tasks.today',
      label: 'Tasks due today',
      group: GROUP,
      keywords: ['today', 'overdue'],
      run: ({ navigate }) => navigate(taskViewHref('today')),
    },
    {
      id: 'tasks.upcoming',
      label: 'Upcoming tasks',
      group: GROUP,
      keywords: ['week', 'agenda', 'next'],
      run: ({ navigate }) => navigate(taskViewHref('upcoming')),
    },
  ],
  // The user's saved filter views, each opening the Tasks page with its filter.
  async listed(signal) {
    const { items } = await viewsApi.list(signal);
    return items.map((view) => ({
      id: `tasks.view.${view.id}`,
      label: `View: ${view.name}`,
      group: 'Saved views',
      keywords: ['filter', view.query],
      run: ({ navigate }) => navigate(getHref(paths.tasks, { filter: view.query })),
    }));
  },
  async search(query) {
    const q = query.trim();
    if (!q) return [];
    return [
      {
        id: 'tasks.search',
        label: `Search tasks for “${q}”`,
        group: GROUP,
        run: ({ navigate }) => navigate(getHref(paths.tasks, { q })),
      },
    ];
  },
};

export default source;
