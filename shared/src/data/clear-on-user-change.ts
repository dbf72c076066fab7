import { dropEarlyAnswers } from '../api/early-answers';
import { useAuthStore } from '../auth/auth-store';
import { resetTaskWrites } from './hooks/tasks/task-write-queue';
import { queryClient } from './query-client';

/**
 * Drops every cached goal and task when the signed-in user leaves (logout,
 * expiry, another account), so nobody ever sees the previous user's data:
 * the query cache, the task write queue's confirmed records and versions,
 * and any answer started early for the first page (early-answers.ts).
 * Returns the unsubscribe.
 */
export function clearDataWhenUserChanges(): () => void {
  return useAuthStore.subscribe((state, previous) => {
    // Only when a user leaves (signs out, expires, or another signs in):
    // nothing cached before the first user was known is anyone else's, and
    // a page sent as HTML has already asked for the arriving user's data
    // (docs/architecture.md §2, "Pages as HTML"), which a clear would strand.
    if (!previous.user || state.user?.id === previous.user.id) return;
    queryClient.clear();
    resetTaskWrites();
    dropEarlyAnswers();
  });
}
