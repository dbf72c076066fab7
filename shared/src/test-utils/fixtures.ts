import type { User } from '../types';

/** A signed-in, onboarded user for tests of any package. */
export const testUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  username: 'ada',
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  profile_picture: null,
  onboarding_completed: true,
};
