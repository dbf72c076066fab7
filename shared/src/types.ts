/** Shapes of the API contract (design.md §4) shared by the host and every remote. */

export interface User {
  id: string;
  email: string | null;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  profile_picture: string | null;
  /** IANA time zone (e.g. "Europe/Paris"); decides what "today" means for due dates. */
  timezone?: string | null;
  onboarding_completed: boolean;
  created_at?: string;
}

export interface AuthStatus {
  authenticated: boolean;
  user: User | null;
}

export type OAuthProvider = 'google' | 'apple';

export interface OAuthCallbackParams {
  code: string;
  state: string;
  iss?: string;
}

export type ProfileUpdate = Partial<
  Pick<User, 'first_name' | 'last_name' | 'username' | 'profile_picture' | 'timezone'>
>;

export type ServiceStatus = 'healthy' | 'unhealthy' | 'unknown';
export type OverallHealth = 'healthy' | 'degraded' | 'unhealthy';

export interface HealthStatus {
  status: OverallHealth;
  checks: {
    database: { status: ServiceStatus };
    cache: { status: ServiceStatus };
  };
}

export type ThemePreference = 'light' | 'dark' | 'auto';
export type ResolvedTheme = 'light' | 'dark';

/** The JSON error body every API error carries. */
export interface ApiErrorBody {
  error: string;
  code?: string;
  fields?: Record<string, string>;
  /** With 409 `version_conflict`: the record as it is now. */
  current?: unknown;
}

/** `/app-config.json`, fetched by the host at boot (design.md §2). */
export interface RuntimeConfig {
  apiBase: string;
  remotes: Record<string, string>;
}
