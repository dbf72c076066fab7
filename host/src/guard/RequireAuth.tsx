import { logError, useAuthStore } from '@stride/shared';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../shell/PageSpinner';
import { decideGuard } from './guard-decision';
import { useOnHeldServerPage } from './held-server-page';

interface RequireAuthProps {
  /** Without children it guards a layout route and renders its <Outlet/>. */
  children?: ReactNode;
  skipOnboardingCheck?: boolean;
}

/** Guards signed-in routes (docs/product.md §2): restore first, then onboarding, then sign-in. */
export function RequireAuth({ children, skipOnboardingCheck }: RequireAuthProps) {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const restoreSession = useAuthStore((state) => state.restoreSession);
  const [restoreTried, setRestoreTried] = useState(false);
  const restoring = useRef(false);
  const decision = decideGuard({ user, loading, restoreTried, skipOnboardingCheck });

  useEffect(() => {
    // Not while a check is in flight, nor once it found the user: hydrating
    // a page sent as HTML reads the store's initial state (no user, not
    // loading) whatever the boot's check has come to.
    if (decision.kind !== 'restore' || restoring.current) return;
    const live = useAuthStore.getState();
    if (live.loading || live.user) return;
    restoring.current = true;
    restoreSession()
      // A failed restore leaves no user, so the decision below becomes /login.
      .catch((error: unknown) => logError('Session restore failed in the route guard', error))
      .finally(() => setRestoreTried(true));
  }, [decision.kind, restoreSession]);

  // Back on a signed-in page: an outage's way back has been taken.
  const interrupted = useAuthStore((state) => state.interruptedAt !== null);
  useEffect(() => {
    if (decision.kind === 'allow' && interrupted) useAuthStore.setState({ interruptedAt: null });
  }, [decision.kind, interrupted]);

  // The page the server sent as HTML stays while the session is checked (held-server-page.ts).
  const held = useOnHeldServerPage();

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'allow' || held) return <>{children ?? <Outlet />}</>;
  return <PageSpinner label="Checking your session" />;
}
