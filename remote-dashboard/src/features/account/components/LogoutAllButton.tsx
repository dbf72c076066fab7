import { Button, logError, paths, useAuthStore, useNavigate } from '@stride/shared';
import { useState } from 'react';

/**
 * Ends every session of this user, this one included. The store shows the
 * spec's toast and clears local state whatever the server says; then /login.
 */
export function LogoutAllButton() {
  const logoutAll = useAuthStore((state) => state.logoutAll);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onClick = async () => {
    setBusy(true);
    try {
      await logoutAll();
    } catch (error) {
      logError('Log out of all devices failed', error);
    }
    navigate(paths.login, { replace: true });
  };

  return (
    <Button variant="danger" busy={busy} onClick={() => void onClick()}>
      Log out of all devices
    </Button>
  );
}
