/**
 * Every user-facing message of docs/product.md §4 and §8, verbatim. Tests import these
 * too, so a changed wording fails loudly rather than drifting.
 */
export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  authInitFailed: 'Failed to initialize authentication',
  signInTimeout: 'Sign-in timed out. Backend server unavailable?',
  networkError: 'Cannot reach server. Please try again later.',
  googleInitiateFailed: 'Failed to initiate Google authentication',
  appleInitiateFailed: 'Failed to initiate Apple authentication',
  authFailed: 'Authentication failed',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  loggedOut: 'Successfully logged out',
  loggedOutAll: 'Successfully logged out from all devices',
  backendLogoutFailed: 'Backend logout failed, but local session cleared',
  healthServicesIssues: 'MAJOR WARNING: System services are experiencing issues.',
  healthUnreachable: 'MAJOR WARNING: Unable to reach system health monitoring.',
} as const;

/** Product copy that the spec leaves to us (not in the error catalogue). */
export const COPY = {
  welcome: 'Welcome to Stride',
  remoteUnavailable: 'This part of Stride could not be loaded.',
  remoteUnavailableHint: 'Check your connection, then try again. The rest of the app still works.',
  tryAgain: 'Try again',
  releaseOverrideIgnored: 'Release override ignored',
  aboutTitle: 'About Stride',
  /** Above a form when the API (or the form) marked some of its fields. */
  fixFields: 'Please fix the highlighted fields.',
  /** The offline banner (docs/product.md §10). */
  offline: 'You are offline. Stride shows what it saved on this device.',
  offlineWaiting: (count: number) =>
    count === 1
      ? '1 change will be sent when you are back online.'
      : `${count} changes will be sent when you are back online.`,
} as const;

export type MessageKey = keyof typeof MESSAGES;
