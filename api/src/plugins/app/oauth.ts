// The relying party (docs/architecture.md §5): openid-client with PKCE S256, state, nonce
// and the issuer check. Sign-in transactions live in the database, found by
// the hash of a random id that only the browser's cookie carries.
// @see https://github.com/panva/openid-client
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import type { Config } from '../../config.js';
import type { Database, SignInTransactionsTable } from '../../db/schema.js';
import { badRequest, serviceUnavailable } from '../../lib/errors.js';
import { providerText } from '../../lib/text.js';
import type { Clock } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { type ProviderName, type ProviderSetup, providerSetups } from './oauth-providers.js';

export type { ProviderName };
export type Transaction = SignInTransactionsTable;

export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

const TX_TTL_MS = 10 * 60_000;

export class OAuthService {
  private readonly providers: Partial<Record<ProviderName, ProviderSetup>>;
  private readonly configs = new Map<ProviderName, { config: client.Configuration; at: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    config: Config,
    devIssuer: string | undefined,
  ) {
    this.providers = providerSetups(config, devIssuer, clock);
  }

  isDev(name: ProviderName): boolean {
    return this.providers[name]?.dev ?? false;
  }

  async begin(name: ProviderName, redirectUri: string, returnOrigin: string) {
    const setup = this.setup(name);
    const config = await this.clientConfig(name);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: setup.scope,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...setup.extra,
    });
    const txId = randomToken();
    const now = this.clock();
    await this.db
      .insertInto('sign_in_transactions')
      .values({
        id_hash: hashToken(txId),
        provider: name,
        state,
        nonce,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        return_origin: returnOrigin,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + TX_TTL_MS).toISOString(),
      })
      .execute();
    return { authorizationUrl: url.href, txId };
  }

  /** Takes the transaction out of the store: a second use of it finds nothing. */
  async consume(name: ProviderName, txId: string | undefined): Promise<Transaction | null> {
    if (!txId || txId.length > 128) return null;
    const idHash = hashToken(txId);
    const tx = await this.db
      .selectFrom('sign_in_transactions')
      .selectAll()
      .where('id_hash', '=', idHash)
      .where('provider', '=', name)
      .executeTakeFirst();
    if (!tx) return null;
    const deleted = await this.db
      .deleteFrom('sign_in_transactions')
      .where('id_hash', '=', idHash)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) return null;
    if (Date.parse(tx.expires_at) <= this.clock().getTime()) return null;
    return tx;
  }

  /** Verifies the authorization response and redeems the code for a checked ID token. */
  async exchange(
    name: ProviderName,
    tx: Transaction,
    params: Record<string, string | undefined>,
  ): Promise<VerifiedIdentity> {
    const config = await this.clientConfig(name);
    // The token request's redirect_uri must be the one the flow started with.
    const currentUrl = new URL(tx.redirect_uri);
    for (const key of ['code', 'state', 'iss', 'error', 'error_description']) {
      const value = params[key];
      if (value !== undefined) currentUrl.searchParams.set(key, value);
    }
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: tx.code_verifier,
        expectedState: tx.state,
        expectedNonce: tx.nonce,
        idTokenExpected: true,
      });
    } catch (err) {
      const mapped = mapOAuthError(err);
      // Logged by the error handler: openid-client's reason, never a value.
      const cause =
        err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      mapped.reason = err instanceof Error ? `${err.message}${cause}` : String(err);
      throw mapped;
    }
    const claims = tokens.claims();
    if (!claims) throw badRequest('invalid_callback', 'The provider returned no ID token');
    const str = (value: unknown) => {
      const text = typeof value === 'string' ? providerText(value) : '';
      return text === '' ? null : text;
    };
    return {
      subject: claims.sub,
      email: str(claims.email),
      firstName: str(claims.given_name),
      lastName: str(claims.family_name),
      picture: str(claims.picture),
    };
  }

  private setup(name: ProviderName): ProviderSetup {
    const setup = this.providers[name];
    if (!setup) {
      throw serviceUnavailable('provider_not_configured', `Sign-in with ${name} is not configured`);
    }
    return setup;
  }

  private async clientConfig(name: ProviderName): Promise<client.Configuration> {
    const setup = this.setup(name);
    const cached = this.configs.get(name);
    if (cached && Date.now() - cached.at < setup.refreshMs) return cached.config;
    try {
      const config = await client.discovery(
        setup.issuer,
        setup.clientId,
        undefined,
        client.ClientSecretPost(await setup.secret()),
        // Plain http is allowed only for the local dev provider.
        setup.dev ? { execute: [client.allowInsecureRequests], timeout: 5 } : { timeout: 5 },
      );
      config.timeout = 5;
      this.configs.set(name, { config, at: Date.now() });
      return config;
    } catch {
      throw serviceUnavailable('provider_unavailable', `Cannot reach the ${name} sign-in service`);
    }
  }
}

function mapOAuthError(err: unknown) {
  if (err instanceof client.AuthorizationResponseError) {
    const code = /^[a-z_]{1,64}$/.test(err.error) ? err.error : 'authorization_error';
    return badRequest(code, 'Sign-in was cancelled or refused');
  }
  if (err instanceof client.ResponseBodyError) {
    return badRequest('invalid_grant', 'The sign-in code is invalid, expired or already used');
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  if (err instanceof TypeError || cause?.code === 'ECONNREFUSED') {
    return serviceUnavailable('provider_unavailable', 'Cannot reach the sign-in service');
  }
  return badRequest('invalid_callback', 'The sign-in response could not be verified');
}

declare module 'fastify' {
  interface FastifyInstance {
    oauth: OAuthService;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'oauth',
      new OAuthService(app.database.db, app.clock, app.config, app.devIdpIssuer),
    );
  },
  { name: 'oauth', dependencies: ['database', 'config'] },
);
