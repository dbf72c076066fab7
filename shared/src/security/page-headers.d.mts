// Types for page-headers.mjs. Keep in step with the JSDoc there.

/** What the policy is computed from: the host's `/app-config.json` (a registry document in release mode). */
export interface DeploymentDocument {
  /** The API's base URL. */
  apiBase: string;
  /** Each remote's manifest URL, by federation name (a registry may leave it out). */
  remotes?: Record<string, string>;
  /** The release store's public URL (release mode). */
  releaseBase?: string;
}

export function contentSecurityPolicy(deployment: DeploymentDocument): string;
export function pageSecurityHeaders(deployment: DeploymentDocument): Record<string, string>;
export function nginxAddHeaders(headers: Record<string, string>, indent?: string): string;
