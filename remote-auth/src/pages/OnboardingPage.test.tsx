import { afterEach, describe, expect, it, rs } from '@rstest/core';
import { type User, useAuthStore } from '@stride/shared';
import { json, renderApp, stubFetch, testUser } from '@stride/shared/testing';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import OnboardingPage from './OnboardingPage';

const newcomer: User = {
  ...testUser,
  username: null,
  last_name: null,
  full_name: 'Ada',
  timezone: null,
  onboarding_completed: false,
};

function renderPage(user: User) {
  return renderApp(
    [
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '/dashboard', element: <p>dashboard</p> },
    ],
    { at: '/onboarding', user },
  ).router;
}

afterEach(() => {
  cleanup();
  rs.unstubAllGlobals();
  sessionStorage.clear();
});

describe('OnboardingPage', () => {
  it('prefills what the provider gave and validates before sending', async () => {
    stubFetch();
    renderPage(newcomer);
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    // react-hook-form checks asynchronously; the first field to fix gets the focus.
    await screen.findByText('Enter your last name.');
    expect(document.activeElement).toBe(screen.getByLabelText('Last name'));
    screen.getByText('Choose a username.');
  });

  it('keeps every value and shows the field error when the username is taken', async () => {
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
    const router = renderPage({ ...newcomer, username: 'ada' });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Goal'), {
      target: { value: 'Write the first program' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    await screen.findByText('That username is taken.');
    expect((screen.getByLabelText('Last name') as HTMLInputElement).value).toBe('Lovelace');
    expect((screen.getByLabelText('Goal') as HTMLInputElement).value).toBe(
      'Write the first program',
    );
    expect(router.state.location.pathname).toBe('/onboarding');
  });

  it('stores the onboarded user and goes to the dashboard', async () => {
    const { calls } = stubFetch(
      json({
        user: { ...newcomer, last_name: 'Lovelace', username: 'ada', onboarding_completed: true },
      }),
    );
    const router = renderPage({ ...newcomer, username: 'ada' });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    await screen.findByText('dashboard');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(String(calls[0]?.body))).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
    });
    expect(useAuthStore.getState().user?.onboarding_completed).toBe(true);
  });

  it('keeps what was typed across a trip to another page, until it is saved', async () => {
    stubFetch(json({ user: { ...newcomer, username: 'ada', onboarding_completed: true } }));
    const router = renderPage({ ...newcomer, username: 'ada' });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText('Goal'), { target: { value: 'Write the program' } });
    // The top bar's Dashboard button; the guard sends an unfinished user back.
    await router.navigate('/dashboard');
    await router.navigate('/onboarding');
    expect((await screen.findByLabelText<HTMLInputElement>('Last name')).value).toBe('Lovelace');
    expect(screen.getByLabelText<HTMLInputElement>('Goal').value).toBe('Write the program');
    // Another account in the same tab starts from its own values.
    cleanup();
    renderPage({ ...newcomer, id: 'someone-else' });
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('');
    cleanup();
    renderPage({ ...newcomer, username: 'ada' });
    fireEvent.click(screen.getByRole('button', { name: 'Get started' }));
    await screen.findByText('dashboard');
    expect(sessionStorage.length).toBe(0);
  });

  it('sends an onboarded user to the dashboard', async () => {
    stubFetch();
    renderPage({ ...newcomer, onboarding_completed: true });
    await screen.findByText('dashboard');
  });

  it("draws the form's outline while the session is checked, then the form filled from the user", async () => {
    const { calls } = stubFetch();
    const { container } = renderApp([{ path: '/onboarding', element: <OnboardingPage /> }], {
      at: '/onboarding',
      loading: true,
    });
    const outline = container.querySelector('[aria-hidden="true"]');
    expect(outline?.textContent).toContain('First name');
    expect(outline?.textContent).toContain('Get started');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get started' })).toBeNull();
    act(() => useAuthStore.setState({ user: newcomer, loading: false }));
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Ada');
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(calls).toEqual([]);
  });
});
