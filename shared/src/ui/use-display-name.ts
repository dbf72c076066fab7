import { useAuthStore } from '../auth/auth-store';
import { topBarDisplayName } from '../auth/display-name';

/** The signed-in user's display name, read from the shared store. */
export function useDisplayName(): string | null {
  const user = useAuthStore((state) => state.user);
  return user ? topBarDisplayName(user) : null;
}
