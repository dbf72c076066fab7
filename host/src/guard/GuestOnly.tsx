import { useAuthStore } from '@stride/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { PageSpinner } from '../shell/PageSpinner';
import { decideGuestOnly } from './guard-decision';

/** Wraps /login: a signed-in visitor is sent to the dashboard (or back where an outage took them from). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const loading = useAuthStore((state) => state.loading);
  const returnTo = useAuthStore((state) => state.interruptedAt);
  const decision = decideGuestOnly({ user, loading, returnTo });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'wait') return <PageSpinner label="Checking your session" />;
  return <>{children}</>;
}
