/**
 * Shapes the host and every remote share. The API's (docs/architecture.md §4) come from
 * the one contract in ./contract, as types only: no schema reaches a bundle.
 */

export type { AuthStatus, HealthStatus, OverallHealth, ServiceStatus, User } from './contract';

export type OAuthProvider = 'google' | 'apple';

export interface OAuthCallbackParams {
  code: string;
  state: string;
  iss?: string;
}

export type { ProfileUpdate } from './contract';

export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';

export type { ApiErrorBody } from './contract';

/** `/app-config.json`, fetched by the host at boot (docs/architecture.md §2). */
export interface RuntimeConfig {
  apiBase: string;
  remotes: Record<string, string>;
}
