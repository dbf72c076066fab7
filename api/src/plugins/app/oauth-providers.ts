// Which provider plays Google and which plays Apple: the real one when its
// credentials are configured, else the local dev identity provider (if it runs).
import type { Config } from '../../config.js';
import { DEV_APPLE_CLIENT, DEV_GOOGLE_CLIENT } from '../../dev-idp/clients.js';
import { appleClientSecret } from '../../lib/apple-secret.js';
import type { Clock } from '../../lib/time.js';

export type ProviderName = 'google' | 'apple';

export interface ProviderSetup {
  issuer: URL;
  clientId: string;
  secret: () => Promise<string>;
  dev: boolean;
  scope: string;
  extra: Record<string, string>;
  /** Rebuild the client configuration this often (Apple's secret expires). */
  refreshMs: number;
}

export function providerSetups(config: Config, devIssuer: string | undefined, clock: Clock) {
  const out: Partial<Record<ProviderName, ProviderSetup>> = {};
  const day = 24 * 3600_000;
  if (config.google) {
    const { clientId, clientSecret } = config.google;
    out.google = {
      issuer: new URL('https://accounts.google.com'),
      clientId,
      secret: async () => clientSecret,
      dev: false,
      scope: 'openid email profile',
      extra: { prompt: 'select_account' },
      refreshMs: day,
    };
  } else if (devIssuer) {
    out.google = {
      issuer: new URL(devIssuer),
      clientId: DEV_GOOGLE_CLIENT.id,
      secret: async () => DEV_GOOGLE_CLIENT.secret,
      dev: true,
      scope: 'openid email profile',
      // The dev provider would otherwise remember the last user and skip its form.
      extra: { prompt: 'login' },
      refreshMs: day,
    };
  }
  if (config.apple) {
    out.apple = {
      issuer: new URL('https://appleid.apple.com'),
      clientId: config.apple.clientId,
      secret: appleClientSecret(config.apple, clock),
      dev: false,
      scope: 'openid name email',
      extra: { response_mode: 'form_post' },
      refreshMs: 12 * 3600_000,
    };
  } else if (devIssuer) {
    out.apple = {
      issuer: new URL(devIssuer),
      clientId: DEV_APPLE_CLIENT.id,
      secret: async () => DEV_APPLE_CLIENT.secret,
      dev: true,
      scope: 'openid email',
      extra: { response_mode: 'form_post', prompt: 'login' },
      refreshMs: day,
    };
  }
  return out;
}
