import { describe, expect, it } from '@rstest/core';
import { paths } from '@stride/shared';
import { remotePageAt } from './routes';

describe('remotePageAt', () => {
  it.each([
    [paths.login, { remote: 'remote_auth', page: 'LoginPage' }],
    [paths.onboarding, { remote: 'remote_auth', page: 'OnboardingPage' }],
    [paths.authError, { remote: 'remote_auth', page: 'AuthErrorPage' }],
    [paths.tasks, { remote: 'remote_tasks', page: 'TasksPage' }],
    [paths.goals, { remote: 'remote_goals', page: 'GoalsPage' }],
  ])('%s shows %o', (path, page) => {
    expect(remotePageAt(path)).toMatchObject(page);
  });

  it('names the dashboard for the paths that redirect there', () => {
    for (const path of [paths.root, '/no-such-page']) {
      expect(remotePageAt(path)).toMatchObject({
        remote: 'remote_dashboard',
        page: 'DashboardPage',
      });
    }
  });
});
