import { Avatar, deferredModule, topBarDisplayName, useAuthStore } from '@stride/shared';
import { useCallback } from 'react';
import { CalendarFeedOutline } from '../calendar/CalendarFeedOutline';
import { DataTransfer, loadImport } from '../transfer/DataTransfer';
import { LogoutAllButton } from './LogoutAllButton';
import { ProfileOutline } from './ProfileOutline';

/**
 * The profile form (and react-hook-form with it) loads when the panel comes
 * on screen, or as soon as the user reaches for it: on a phone the
 * panel sits below the summary, and its code (a few hundred milliseconds of
 * script there) stays out of the first screen's start, where it blocked the
 * main thread (docs/architecture.md §2, "Start-up in slices"). Until then the panel
 * draws the form's outline with the user's values, so its layout is there at
 * once and nothing moves when the form arrives. The data section does the
 * same with its import (DataTransfer.tsx), and the calendar feed with its
 * switch (CalendarFeedOutline.tsx).
 */
const profileForm = deferredModule(() => import('./ProfileForm'));
const calendarFeed = deferredModule(() => import('../calendar/CalendarFeed'));
const loadDeferred = () => {
  void profileForm.load();
  void calendarFeed.load();
  loadImport();
};

/** Starts the deferred parts once `element` is on screen. */
function loadOnScreen(element: HTMLElement | null): (() => void) | undefined {
  if (!element) return;
  if (typeof IntersectionObserver === 'undefined') return void loadDeferred();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    loadDeferred();
  });
  observer.observe(element);
  return () => observer.disconnect();
}

/** Who is signed in, their editable profile, their data out and in, their calendar feed, and ending every session. */
export function AccountPanel() {
  const user = useAuthStore((state) => state.user);
  const form = profileForm.useModule();
  const calendar = calendarFeed.useModule();
  // A ref callback, not an effect: the panel appears only once the user is
  // known, which may be after the page's first render (a page sent as HTML
  // shows while the session is checked, docs/architecture.md §2).
  const panel = useCallback((element: HTMLElement | null) => loadOnScreen(element), []);
  if (!user) return null;
  const name = topBarDisplayName(user);

  return (
    <section
      ref={panel}
      aria-labelledby="account-title"
      className="dashboard-panel account"
      onPointerEnter={loadDeferred}
      onFocus={loadDeferred}
    >
      <h2 id="account-title">Account</h2>
      <div className="account__identity">
        <Avatar user={user} size={56} />
        <div className="account__who">
          <p className="account__name">{name}</p>
          {user.email && user.email !== name && <p className="account__email">{user.email}</p>}
        </div>
      </div>
      {form ? <form.ProfileForm user={user} /> : <ProfileOutline user={user} />}
      <DataTransfer />
      {calendar ? <calendar.CalendarFeed /> : <CalendarFeedOutline />}
      <div className="account__sessions">
        <h3 className="account__subtitle">Sessions</h3>
        <p className="dashboard-panel__note">
          Signed in on a computer or phone you no longer use? End every session at once, this one
          included.
        </p>
        <LogoutAllButton />
      </div>
    </section>
  );
}
