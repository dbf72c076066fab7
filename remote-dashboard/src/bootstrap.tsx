import { paths } from '@stride/shared';
import { renderStandalone } from '@stride/shared/standalone';
import DashboardPage from './pages/DashboardPage';

void renderStandalone('remote-dashboard', [
  { path: paths.dashboard, label: 'Dashboard', Component: DashboardPage },
]);
