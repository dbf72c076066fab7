import { paths } from '@stride/shared';
import { renderStandalone } from '@stride/shared/standalone';
import TasksPage from './pages/TasksPage';

void renderStandalone('remote-tasks', [
  { path: paths.tasks, label: 'Tasks', Component: TasksPage },
]);
