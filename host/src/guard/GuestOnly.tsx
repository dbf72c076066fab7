import { useAuthStore } from '@stride/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { decideGuestOnly } from './guard-decision';

/** Wraps /login: a signed-in visitor is sent to the dashboard (or back where an outage took them from). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useAuthStore((state) => state.user);
  const returnTo = useAuthStore((state) => state.interruptedAt);
  const decision = decideGuestOnly({ user, returnTo });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
