import { describe, expect, it } from '@rstest/core';
import { paths } from '@stride/shared/paths';
import { remotePageAt } from './route-table';

describe('remotePageAt', () => {
  it.each([
    [paths.login, { remote: 'remote_auth', page: 'LoginPage' }],
    [paths.onboarding, { remote: 'remote_auth', page: 'OnboardingPage' }],
    [paths.authError, { remote: 'remote_auth', page: 'AuthErrorPage' }],
    [paths.tasks, { remote: 'remote_tasks', page: 'TasksPage' }],
    [paths.goals, { remote: 'remote_goals', page: 'GoalsPage' }],
    ['/Tasks/', { remote: 'remote_tasks', page: 'TasksPage' }],
  ])('%s shows %o', (path, page) => {
    expect(remotePageAt(path)).toEqual(page);
  });

  it('names the dashboard for the paths that redirect there', () => {
    for (const path of [paths.root, '/no-such-page', '/tasks/123', '/constructor', '']) {
      expect(remotePageAt(path)).toEqual({ remote: 'remote_dashboard', page: 'DashboardPage' });
    }
  });
});
