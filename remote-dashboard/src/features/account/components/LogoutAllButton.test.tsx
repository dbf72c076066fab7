import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { MESSAGES, useAuthStore } from '@stride/shared';
import { json, stubFetch } from '@stride/shared/testing';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { renderDashboard } from '../../../test/render';
import { LogoutAllButton } from './LogoutAllButton';

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

const click = () => fireEvent.click(screen.getByRole('button', { name: 'Log out of all devices' }));

describe('LogoutAllButton', () => {
  it('ends every session, says so, and goes to /login', async () => {
    const success = rs.spyOn(toast, 'success');
    const { calls } = stubFetch(json({ ok: true }));
    const { router } = renderDashboard(<LogoutAllButton />);
    click();
    await screen.findByText('at /login');
    expect(calls[0]?.url).toMatch(/\/auth\/logout-all\/$/);
    expect(calls[0]?.method).toBe('POST');
    expect(success).toHaveBeenCalledWith(MESSAGES.loggedOutAll, expect.anything());
    expect(useAuthStore.getState().user).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('still signs out here and goes to /login when the server fails', async () => {
    const success = rs.spyOn(toast, 'success');
    stubFetch(json({ error: 'down', code: 'unavailable' }, 503));
    renderDashboard(<LogoutAllButton />);
    click();
    await screen.findByText('at /login');
    expect(useAuthStore.getState().user).toBeNull();
    expect(success).not.toHaveBeenCalled();
  });
});
