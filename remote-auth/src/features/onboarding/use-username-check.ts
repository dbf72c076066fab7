import { validateUsername } from '@stride/shared';
import { useEffect, useState } from 'react';
import { checkUsernameAvailable } from './onboarding-api';

const DEBOUNCE_MS = 400;

export type UsernameCheck = 'idle' | 'checking' | 'available' | 'taken';

/** Asks the API whether a well-formed username is free, once typing pauses. */
export function useUsernameCheck(username: string, ownUsername: string | null): UsernameCheck {
  const [check, setCheck] = useState<UsernameCheck>('idle');
  useEffect(() => {
    const candidate = username.trim();
    if (validateUsername(candidate) || candidate.toLowerCase() === ownUsername?.toLowerCase()) {
      setCheck('idle');
      return;
    }
    const controller = new AbortController();
    setCheck('checking');
    const timer = setTimeout(() => {
      checkUsernameAvailable(candidate, controller.signal)
        .then(({ available }) => setCheck(available ? 'available' : 'taken'))
        .catch(() => setCheck('idle')); // the submit will tell; do not block typing
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [username, ownUsername]);
  return check;
}
