import { describe, expect, it } from '@rstest/core';
import { COPY } from '@stride/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRunningReleases } from '../releases/release-info';
import { AboutFooter } from './AboutFooter';

describe('About Stride', () => {
  it('lists the version and channel of every app this page runs', async () => {
    setRunningReleases([
      { app: 'remote_goals', version: '0.1.0-20261124.020000-bbbbbbb', channel: 'canary' },
      { app: 'remote_tasks', version: '0.1.0-20261124.010000-aaaaaaa', channel: 'override' },
      { app: 'remote_auth', version: null, channel: 'unmanaged' },
    ]);
    render(<AboutFooter />);
    await userEvent.click(screen.getByRole('button', { name: COPY.aboutTitle }));

    const dialog = screen.getByRole('dialog', { name: COPY.aboutTitle });
    const row = (app: string) =>
      within(dialog)
        .getAllByRole('row')
        .find((candidate) => within(candidate).queryByRole('rowheader', { name: app }));
    expect(row('remote_goals')?.textContent).toBe(
      'remote_goals0.1.0-20261124.020000-bbbbbbbcanary',
    );
    expect(row('remote_tasks')?.textContent).toContain('tester override');
    expect(row('remote_auth')?.textContent).toBe('remote_authlocal buildnot in the registry');
    // A build that was not released says so for the host too.
    expect(row('host')?.textContent).toBe('hostlocal buildnot in the registry');
  });
});
