import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { COPY, setRuntimeConfig } from '@stride/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';

const runtime = rs.hoisted(() => ({
  loadRemote: rs.fn(),
  registerRemotes: rs.fn(),
  preloadRemote: rs.fn(),
}));
rs.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteRoute } = await import('./RemoteRoute');
const { createFallbackModule } = await import('./RemoteUnavailable');

afterEach(() => {
  cleanup();
  rs.clearAllMocks();
});

describe('RemoteRoute', () => {
  it('renders the remote page once it loads', async () => {
    runtime.loadRemote.mockResolvedValueOnce({ default: () => <h1>Goals page</h1> });
    render(<RemoteRoute remote="remote_goals" page="GoalsPage" />);
    await screen.findByRole('heading', { name: 'Goals page' });
    expect(runtime.loadRemote).toHaveBeenCalledWith('remote_goals/GoalsPage');
  });

  it('shows the fallback module with "Try again", which reloads the remote afresh', async () => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
    setRuntimeConfig({
      apiBase: 'http://api.test/api',
      remotes: { remote_tasks: 'http://tasks.test/mf-manifest.json' },
    });
    runtime.loadRemote
      .mockResolvedValueOnce(
        createFallbackModule('remote_tasks/TasksPage', new Error('RUNTIME-008')),
      )
      .mockResolvedValueOnce({ default: () => <h1>Tasks page</h1> });
    render(<RemoteRoute remote="remote_tasks" page="TasksPage" />);
    await screen.findByText(COPY.remoteUnavailable);
    fireEvent.click(screen.getByRole('button', { name: COPY.tryAgain }));
    await screen.findByRole('heading', { name: 'Tasks page' });
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      [{ name: 'remote_tasks', entry: 'http://tasks.test/mf-manifest.json' }],
      { force: true },
    );
  });

  it('keeps a page that throws inside its route, with "Try again"', async () => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
    runtime.loadRemote.mockResolvedValueOnce({
      default: () => {
        throw new Error('render bug');
      },
    });
    render(<RemoteRoute remote="remote_dashboard" page="DashboardPage" />);
    await screen.findByRole('button', { name: COPY.tryAgain });
  });

  it('reaches the error boundary when loading rejects outright', async () => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
    runtime.loadRemote.mockRejectedValueOnce(new Error('manifest unreachable'));
    render(<RemoteRoute remote="remote_auth" page="LoginPage" />);
    await screen.findByText(COPY.remoteUnavailable);
  });

  it('shows a slot part’s own fallback, not the page-sized message, when the part cannot load', async () => {
    runtime.loadRemote.mockResolvedValueOnce(
      createFallbackModule('remote_tasks/GoalTaskList', new Error('RUNTIME-008')),
    );
    render(
      <RemoteRoute
        remote="remote_tasks"
        page="GoalTaskList"
        props={{ goalId: 'g1' }}
        fallback={<p>The goal’s own list</p>}
      />,
    );
    await screen.findByText('The goal’s own list');
    expect(screen.queryByText(COPY.remoteUnavailable)).toBeNull();
  });
});
