import { create } from 'zustand';
import { isApiError, serverErrorText } from '../api/api-error';
import { authApi } from '../api/auth-api';
import { browserOffline } from '../api/online';
import { MESSAGES } from '../messages';
import type { AuthStatus, OAuthCallbackParams, OAuthProvider, ProfileUpdate, User } from '../types';
import { notify } from '../ui/toasts/notify';

export interface AuthState {
  user: User | null;
  loading: boolean;
  error: string | null;
  /**
   * The page the user was on when a session check that got no answer signed
   * them out silently (docs/product.md §4); null otherwise. While it is set, the host
   * asks again until the API answers (`recoverSession`), and /login sends a
   * user whose session was still valid back to it.
   */
  interruptedAt: string | null;
  /** Start-up: load the auth status (docs/product.md §8, "the auth status fails at start"). */
  initialize: () => Promise<void>;
  /** Guard: restore the session; throws if that fails so the guard can log it. */
  restoreSession: () => Promise<User | null>;
  /** The 30 s check (docs/product.md §4): expiry warns, a failed check clears silently. */
  checkSession: () => Promise<void>;
  /**
   * After a silent clear: asks the API again. 'restored' when the session was
   * still valid (the user is back), 'signed-out' when it is not (nothing more
   * to wait for), 'unreachable' when there is still no answer.
   */
  recoverSession: () => Promise<'restored' | 'signed-out' | 'unreachable'>;
  /** Reads the signed-in user again (their profile changed in another tab); a failure keeps what is shown. */
  refreshUser: () => Promise<void>;
  /** Returns the provider's authorization URL, or null after the matching toast. */
  initiateOAuth: (provider: OAuthProvider, redirectUri?: string) => Promise<string | null>;
  /** Returns the signed-in user, or null after 'Authentication failed'. */
  completeGoogleCallback: (params: OAuthCallbackParams) => Promise<User | null>;
  /** Rethrows the ApiError after the failure toast so a form can show field errors. */
  updateProfile: (fields: ProfileUpdate) => Promise<User>;
  logout: () => Promise<void>;
  logoutAll: () => Promise<void>;
  /** For flows that receive a fresh user from elsewhere (onboarding, status reload). */
  setUser: (user: User | null) => void;
}

const initialState = {
  user: null,
  loading: false,
  error: null,
  interruptedAt: null,
} satisfies Pick<AuthState, 'user' | 'loading' | 'error' | 'interruptedAt'>;

/** Where the browser is now, as a path the router can go back to. */
const currentPage = () =>
  typeof window === 'undefined'
    ? null
    : `${window.location.pathname}${window.location.search}${window.location.hash}`;

// Start-up and the guard may ask for the status at the same moment; they share one request.
let statusInFlight: Promise<AuthStatus> | null = null;
function fetchStatusOnce(): Promise<AuthStatus> {
  statusInFlight ??= authApi.status().finally(() => {
    statusInFlight = null;
  });
  return statusInFlight;
}

const userOf = (status: AuthStatus): User | null =>
  status.authenticated && status.user ? status.user : null;

const INITIATE_FAILED: Record<OAuthProvider, string> = {
  google: MESSAGES.googleInitiateFailed,
  apple: MESSAGES.appleInitiateFailed,
};

/**
 * The one auth store. It lives in @stride/shared, which federation shares as
 * a singleton, so the host and every remote read and update the same state.
 */
export const useAuthStore = create<AuthState>()((set, get) => ({
  ...initialState,

  initialize: async () => {
    set({ loading: true, error: null });
    try {
      set({ user: userOf(await fetchStatusOnce()), loading: false });
    } catch (error) {
      set({ user: null, loading: false, error: serverErrorText(error) ?? MESSAGES.authInitFailed });
      notify.error(MESSAGES.authInitFailed, { id: 'auth-init' });
    }
  },

  restoreSession: async () => {
    set({ loading: true });
    try {
      const user = userOf(await fetchStatusOnce());
      set({ user, loading: false });
      return user;
    } catch (error) {
      set({ user: null, loading: false });
      throw error;
    }
  },

  checkSession: async () => {
    // Offline, nothing is asked: a check that cannot be sent would sign the
    // user out of the app they are using offline (docs/product.md §10).
    if (!get().user || browserOffline()) return;
    try {
      const status = await authApi.status();
      if (userOf(status)) return;
      set({ user: null, interruptedAt: null });
      notify.warning(MESSAGES.sessionExpired, { id: 'session-expired' });
    } catch {
      // No answer is not the end of the session: clear silently, as the spec
      // says, and remember the page for when the API answers again.
      set({ user: null, interruptedAt: currentPage() });
    }
  },

  recoverSession: async () => {
    if (get().user) return 'restored';
    if (browserOffline()) return 'unreachable';
    try {
      const user = userOf(await authApi.status());
      if (!user) {
        set({ interruptedAt: null });
        return 'signed-out';
      }
      set({ user, error: null });
      return 'restored';
    } catch {
      return 'unreachable';
    }
  },

  refreshUser: async () => {
    if (!get().user) return;
    try {
      const user = userOf(await authApi.status());
      if (user) set({ user });
    } catch {
      // The next session check or change says more.
    }
  },

  initiateOAuth: async (provider, redirectUri) => {
    try {
      const { authorization_url } = await authApi.initiate(provider, redirectUri);
      return authorization_url;
    } catch (error) {
      const kind = isApiError(error) ? error.kind : undefined;
      if (kind === 'timeout') notify.error(MESSAGES.signInTimeout, { id: 'oauth-initiate' });
      else if (kind === 'network') notify.error(MESSAGES.networkError, { id: 'oauth-initiate' });
      else notify.error(INITIATE_FAILED[provider], { id: 'oauth-initiate' });
      return null;
    }
  },

  completeGoogleCallback: async (params) => {
    try {
      const { user } = await authApi.googleCallback(params);
      set({ user, error: null, interruptedAt: null });
      return user;
    } catch {
      notify.error(MESSAGES.authFailed, { id: 'oauth-callback' });
      return null;
    }
  },

  updateProfile: async (fields) => {
    try {
      const { user } = await authApi.updateProfile(fields);
      set({ user });
      notify.success(MESSAGES.profileUpdated, { id: 'profile-update' });
      return user;
    } catch (error) {
      notify.error(MESSAGES.profileUpdateFailed, { id: 'profile-update' });
      throw error;
    }
  },

  logout: () => endSession(authApi.logout, MESSAGES.loggedOut),
  logoutAll: () => endSession(authApi.logoutAll, MESSAGES.loggedOutAll),

  setUser: (user) => set({ user }),
}));

/** Local state is cleared whatever the back end says (docs/product.md §4). */
async function endSession(call: () => Promise<unknown>, successMessage: string): Promise<void> {
  try {
    await call();
    notify.success(successMessage, { id: 'logout' });
  } catch {
    notify.warning(MESSAGES.backendLogoutFailed, { id: 'logout' });
  } finally {
    useAuthStore.setState({ user: null, error: null, interruptedAt: null });
  }
}

/** Back to the signed-out start state; for tests and standalone dev pages. */
export function resetAuthStore(): void {
  statusInFlight = null;
  useAuthStore.setState(initialState);
}
