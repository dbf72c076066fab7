import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { MESSAGES, useAuthStore } from '@stride/shared';
import { json, networkError, stubFetch } from '@stride/shared/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { renderDashboard, testUser } from '../../../test/render';
import { ProfileForm } from './ProfileForm';

const user = { ...testUser, timezone: 'Europe/London' };
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) =>
  fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
});

describe('ProfileForm', () => {
  it('starts from the saved profile', () => {
    stubFetch();
    renderDashboard(<ProfileForm user={user} />);
    expect(input('First name').value).toBe('Ada');
    expect(input('Last name').value).toBe('Lovelace');
    expect(input('Username').value).toBe('ada');
    expect(input('Profile picture URL').value).toBe('');
    expect((screen.getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Europe/London');
  });

  it('checks the fields before sending, and focuses the first to fix', async () => {
    stubFetch(); // any request would fail the test
    renderDashboard(<ProfileForm user={user} />);
    type('First name', ' ');
    type('Username', 'no spaces allowed');
    type('Profile picture URL', 'not a url');
    save();
    // react-hook-form checks asynchronously.
    await screen.findByText('Enter your first name.');
    screen.getByText('Use only letters, numbers, dots and underscores.');
    expect(input('Profile picture URL').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('First name'));
    type('First name', 'Augusta');
    await waitFor(() => expect(screen.queryByText('Enter your first name.')).toBeNull());
  });

  it('says there is nothing to save when nothing changed', async () => {
    stubFetch();
    renderDashboard(<ProfileForm user={user} />);
    save();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No changes to save.'));
  });

  it('sends only the changes, then shows the saved profile and the success toast', async () => {
    const success = rs.spyOn(toast, 'success');
    const saved = {
      ...user,
      first_name: 'Augusta',
      full_name: 'Augusta Lovelace',
      username: 'augusta',
    };
    const { calls } = stubFetch(json({ user: saved }));
    renderDashboard(<ProfileForm user={user} />);
    type('First name', ' Augusta ');
    type('Username', 'Augusta');
    save();
    await waitFor(() => expect(input('Username').value).toBe('augusta'));
    expect(calls[0]?.url).toMatch(/\/auth\/update-profile\/$/);
    expect(calls[0]?.method).toBe('PUT');
    expect(JSON.parse(String(calls[0]?.body))).toEqual({
      first_name: 'Augusta',
      username: 'Augusta',
    });
    expect(success).toHaveBeenCalledWith(MESSAGES.profileUpdated, expect.anything());
    expect(useAuthStore.getState().user?.full_name).toBe('Augusta Lovelace');
    expect(input('First name').value).toBe('Augusta');
  });

  it('keeps what was typed and shows the field error when the username is taken', async () => {
    const failure = rs.spyOn(toast, 'error');
    stubFetch(
      json(
        {
          error: 'That username is taken',
          code: 'username_taken',
          fields: { username: 'That username is taken.' },
        },
        409,
      ),
    );
    renderDashboard(<ProfileForm user={user} />);
    type('Last name', 'Byron');
    type('Username', 'grace');
    save();
    await screen.findByText('That username is taken.');
    expect(screen.getByRole('alert').textContent).toBe('Please fix the highlighted fields.');
    expect(failure).toHaveBeenCalledWith(MESSAGES.profileUpdateFailed, expect.anything());
    expect(input('Last name').value).toBe('Byron');
    expect(input('Username').value).toBe('grace');
    expect(input('Username').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input('Username'));
    expect(useAuthStore.getState().user?.last_name).toBe('Lovelace');
  });

  it('keeps what was typed when the server cannot be reached', async () => {
    stubFetch(networkError());
    renderDashboard(<ProfileForm user={user} />);
    type('Last name', 'Byron');
    save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/not saved.*still here/);
    expect(input('Last name').value).toBe('Byron');
    screen.getByRole('button', { name: 'Save profile' });
  });
});
