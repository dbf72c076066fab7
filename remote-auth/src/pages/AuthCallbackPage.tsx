import {
  getHref,
  MESSAGES,
  notify,
  paths,
  useAuthStore,
  useLocation,
  useNavigate,
} from '@stride/shared';
import { useEffect, useRef } from 'react';
import { readCallbackParams } from '../features/callback/callback-params';
import { destinationFor } from '../features/callback/destination';
import { AuthStatusPanel } from '../features/login/AuthStatusPanel';

/** Exposed as `remote_auth/AuthCallbackPage`: Google's redirect target. */
export default function AuthCallbackPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const completeGoogleCallback = useAuthStore((state) => state.completeGoogleCallback);
  // A code can be used once; React's strict mode runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const result = readCallbackParams(search);
    // The code and state must not linger in the address bar or the history.
    navigate(paths.authCallback, { replace: true });
    if (result.kind === 'error') {
      notify.error(MESSAGES.authFailed, { id: 'oauth-callback' });
      navigate(getHref(paths.authError, { error: result.code }), { replace: true });
      return;
    }
    void completeGoogleCallback(result.params).then((user) => {
      navigate(
        user ? destinationFor(user) : getHref(paths.authError, { error: 'callback_failed' }),
        { replace: true },
      );
    });
  }, [completeGoogleCallback, navigate, search]);

  return <AuthStatusPanel label="Signing you in…" />;
}
