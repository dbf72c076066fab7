import { paths } from '@stride/shared';
import { renderStandalone } from '@stride/shared/standalone';
import GoalsPage from './pages/GoalsPage';

void renderStandalone('remote-goals', [
  { path: paths.goals, label: 'Goals', Component: GoalsPage },
]);
