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
    expect(await screen.findByRole('heading', { name: 'Goals page' })).toBeTruthy();
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
    expect(await screen.findByText(COPY.remoteUnavailable)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: COPY.tryAgain }));
    expect(await screen.findByRole('heading', { name: 'Tasks page' })).toBeTruthy();
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
    expect(await screen.findByRole('button', { name: COPY.tryAgain })).toBeTruthy();
  });

  it('reaches the error boundary when loading rejects outright', async () => {
    rs.spyOn(console, 'error').mockImplementation(() => {});
    runtime.loadRemote.mockRejectedValueOnce(new Error('manifest unreachable'));
    render(<RemoteRoute remote="remote_auth" page="LoginPage" />);
    expect(await screen.findByText(COPY.remoteUnavailable)).toBeTruthy();
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
    expect(await screen.findByText('The goal’s own list')).toBeTruthy();
    expect(screen.queryByText(COPY.remoteUnavailable)).toBeNull();
  });
});
