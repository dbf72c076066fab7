import { OAUTH_INITIATE_TIMEOUT_MS } from '../constants';
import { API_PATHS } from '../paths';
import type { AuthStatus, OAuthCallbackParams, OAuthProvider, ProfileUpdate, User } from '../types';
import { apiRequest } from './client';

/** The auth calls of docs/product.md §7, one function each. */
export const authApi = {
  status: (signal?: AbortSignal) => apiRequest<AuthStatus>(API_PATHS.authStatus, { signal }),

  initiate: (provider: OAuthProvider, redirectUri?: string) =>
    apiRequest<{ authorization_url: string }>(`/auth/oauth/${provider}/initiate/`, {
      method: 'POST',
      body: redirectUri ? { redirect_uri: redirectUri } : {},
      timeoutMs: OAUTH_INITIATE_TIMEOUT_MS,
    }),

  googleCallback: (params: OAuthCallbackParams) =>
    apiRequest<{ user: User }>('/auth/oauth/google/callback/', { method: 'POST', body: params }),

  updateProfile: (fields: ProfileUpdate) =>
    apiRequest<{ user: User }>('/auth/update-profile/', { method: 'PUT', body: fields }),

  logout: () => apiRequest<unknown>('/auth/logout/', { method: 'POST' }),

  logoutAll: () => apiRequest<unknown>('/auth/logout-all/', { method: 'POST' }),
};
