/** Plain words for each sign-in error code the provider or the API can send. */
const AUTH_ERROR_COPY: Record<string, { title: string; detail: string }> = {
  access_denied: {
    title: 'Sign-in was cancelled',
    detail: 'You cancelled at the sign-in provider, so nothing was shared with Stride.',
  },
  invalid_callback: {
    title: 'The sign-in link was incomplete',
    detail: 'The provider sent us back without the details we need. Please start again.',
  },
  callback_failed: {
    title: 'We could not finish signing you in',
    detail: 'The sign-in took too long or was already used. Please start again.',
  },
  invalid_state: {
    title: 'This sign-in expired',
    detail: 'It was started in another tab or too long ago. Please start again.',
  },
  session_missing: {
    title: 'Your session did not start',
    detail: 'Your browser may be blocking cookies for Stride. Allow them and try again.',
  },
  server_error: {
    title: 'Something went wrong on our side',
    detail: 'Please try again in a moment.',
  },
};

const FALLBACK = {
  title: 'Sign-in failed',
  detail: 'Something went wrong while signing you in. Please try again.',
};

export function describeAuthError(code: string | null): { title: string; detail: string } {
  return (code && AUTH_ERROR_COPY[code]) || FALLBACK;
}
