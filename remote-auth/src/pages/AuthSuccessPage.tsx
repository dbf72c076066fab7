import { getHref, logError, paths, useAuthStore, useNavigate } from '@stride/shared';
import { useEffect, useRef } from 'react';
import { destinationFor } from '../features/callback/destination';
import { AuthStatusPanel } from '../features/login/AuthStatusPanel';

/** Exposed as `remote_auth/AuthSuccessPage`: where Apple's sign-in lands after the API set the session. */
export default function AuthSuccessPage() {
  const navigate = useNavigate();
  const restoreSession = useAuthStore((state) => state.restoreSession);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    restoreSession()
      .then((user) =>
        navigate(
          user ? destinationFor(user) : getHref(paths.authError, { error: 'session_missing' }),
          { replace: true },
        ),
      )
      .catch((error: unknown) => {
        logError('Loading the auth status after sign-in failed', error);
        navigate(getHref(paths.authError, { error: 'server_error' }), { replace: true });
      });
  }, [navigate, restoreSession]);

  return <AuthStatusPanel label="Signing you in…" />;
}
