import { Navigate, paths, useAuthStore } from '@stride/shared';
import { OnboardingForm } from '../features/onboarding/OnboardingForm';
import '../features/login/auth.css';
import '../features/onboarding/onboarding.css';

/** Exposed as `remote_auth/OnboardingPage`. The host's guard ensures a signed-in user. */
export default function OnboardingPage() {
  const user = useAuthStore((state) => state.user);
  if (!user) return <Navigate to={paths.login} replace />;
  if (user.onboarding_completed) return <Navigate to={paths.dashboard} replace />;
  return (
    <section className="auth-card onboarding" aria-labelledby="onboarding-title">
      <h1 id="onboarding-title">Welcome to Stride</h1>
      <p className="auth-card__lead">A few details and you are ready to go.</p>
      <OnboardingForm user={user} />
    </section>
  );
}
