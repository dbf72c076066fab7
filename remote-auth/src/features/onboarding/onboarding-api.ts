import { apiRequest, type User } from '@stride/shared';
import type { toOnboardingRequest } from './validation';

export function completeOnboarding(body: ReturnType<typeof toOnboardingRequest>) {
  return apiRequest<{ user: User }>('/onboarding/complete/', { method: 'POST', body });
}

export function checkUsernameAvailable(username: string, signal?: AbortSignal) {
  return apiRequest<{ available: boolean }>(
    `/auth/username-available/?username=${encodeURIComponent(username)}`,
    { signal },
  );
}
