import { Navigate, paths, useAuthStore } from '@stride/shared';
import { useDeferredValue } from 'react';
import { OnboardingForm } from '../features/onboarding/OnboardingForm';
import { OnboardingOutline } from '../features/onboarding/OnboardingOutline';
import '../features/login/auth.css';
import '../features/onboarding/onboarding.css';

/**
 * Exposed as `remote_auth/OnboardingPage`. The host's guard ensures a
 * signed-in user, and shows this page while it checks when the page came as
 * HTML: then it draws the form's outline until the user is known.
 */
export default function OnboardingPage() {
  const user = useAuthStore((state) => state.user);
  // The form takes the outline's place in a render of its own, which React
  // may slice: arriving through the store, the user's update is synchronous,
  // and the form's first render (react-hook-form's set-up) ran inside it
  // (docs/architecture.md §2, "Start-up in slices"). A user known at once
  // (a visit from another page) gets the form at once.
  const formUser = useDeferredValue(user);
  if (user?.onboarding_completed) return <Navigate to={paths.dashboard} replace />;
  return (
    <section className="auth-card onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Welcome to Stride</h1>
      <p className="auth-card__lead">A few details and you are ready to go.</p>
      {/* No user yet: the page came as HTML and the session is being checked
          (the host's guard sends a guest to /login). */}
      {formUser ? <OnboardingForm user={formUser} /> : <OnboardingOutline />}
    </section>
  );
}
