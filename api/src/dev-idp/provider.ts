// The dev identity provider: a real OpenID Provider (oidc-provider) run
// locally, standing in for Google (redirect to the SPA's /auth/callback) and
// Apple (form_post to the API, with the first-time `user` field) so sign-in
// works offline. Loaded only by dynamic import when no real provider is
// configured, and it refuses to run in production.
// @see https://github.com/panva/node-oidc-provider
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration } from 'oidc-provider';
import { DEV_APPLE_CLIENT, DEV_GOOGLE_CLIENT, devIssuer } from './clients.js';
import { renderSignInPage } from './page.js';

export interface DevIdpOptions {
  /** 0 picks a free port (tests). */
  port: number;
  nodeEnv: string;
  googleRedirectUris: string[];
  appleRedirectUri: string;
}

export interface DevIdp {
  issuer: string;
  close(): Promise<void>;
}

interface Account {
  sub: string;
  email: string;
  name: string | null;
}

const subjectOf = (email: string) =>
  createHash('sha256').update(email.toLowerCase()).digest('base64url').slice(0, 24);

function splitName(name: string | null) {
  if (!name) return { given: null, family: null };
  const [given = '', ...rest] = name.trim().split(/\s+/);
  return { given: given || null, family: rest.join(' ') || null };
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

export async function startDevIdp(options: DevIdpOptions): Promise<DevIdp> {
  if (options.nodeEnv === 'production') {
    throw new Error('The dev identity provider refuses to run with NODE_ENV=production');
  }
  const accounts = new Map<string, Account>();
  // Apple sends the user's name only on the first authorization of the app.
  const appleAuthorized = new Set<string>();

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const issuer = devIssuer((server.address() as AddressInfo).port);

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_GOOGLE_CLIENT.id,
        client_secret: DEV_GOOGLE_CLIENT.secret,
        client_name: 'Google (dev)',
        redirect_uris: options.googleRedirectUris,
        token_endpoint_auth_method: 'client_secret_post',
      },
      {
        client_id: DEV_APPLE_CLIENT.id,
        client_secret: DEV_APPLE_CLIENT.secret,
        client_name: 'Apple (dev)',
        redirect_uris: [options.appleRedirectUri],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google, put the requested claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
      Grant: 600,
    },
    async findAccount(ctx, sub) {
      const account = [...accounts.values()].find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      const isApple = ctx.oidc?.client?.clientId === DEV_APPLE_CLIENT.id;
      return {
        accountId: sub,
        async claims() {
          const { given, family } = splitName(account.name);
          // Apple's ID token never carries the name.
          const names =
            isApple || !account.name
              ? {}
              : { name: account.name, given_name: given, family_name: family };
          return { sub, email: account.email, email_verified: true, ...names };
        },
      };
    },
  };
  const provider = new Provider(issuer, configuration);

  provider.on('authorization.success', (ctx, out: Record<string, unknown>) => {
    const accountId = ctx.oidc?.session?.accountId;
    if (ctx.oidc?.client?.clientId !== DEV_APPLE_CLIENT.id || !accountId || !out.code) return;
    if (appleAuthorized.has(accountId)) return;
    appleAuthorized.add(accountId);
    const account = [...accounts.values()].find((candidate) => candidate.sub === accountId);
    if (!account) return;
    const { given, family } = splitName(account.name);
    out.user = JSON.stringify({
      ...(given ? { name: { firstName: given, lastName: family ?? '' } } : {}),
      email: account.email,
    });
  });

  const callback = provider.callback();
  server.on('request', async (req, res) => {
    // Keep no provider session between sign-ins: every sign-in shows the form,
    // so tests (and people) can switch users in one browser.
    if (req.headers.cookie) {
      req.headers.cookie = req.headers.cookie
        .split(';')
        .filter((part) => !part.trim().startsWith('_session'))
        .join(';');
    }
    const match = /^\/interaction\/([\w-]+)(\/(login|abort))?$/.exec(req.url?.split('?')[0] ?? '');
    if (!match) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      const action = match[3];
      if (req.method === 'GET' && !action) {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        const client = await provider.Client.find(String(details.params.client_id));
        res.end(renderSignInPage(details.uid, client?.clientName ?? 'Stride'));
        return;
      }
      if (req.method === 'POST' && action === 'abort') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The user cancelled the sign-in' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (req.method === 'POST' && action === 'login') {
        const form = await readForm(req);
        const email = (form.get('email') ?? '').trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 254) {
          res.statusCode = 400;
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.end(renderSignInPage(details.uid, 'Stride', 'Enter a valid email address'));
          return;
        }
        const name = (form.get('name') ?? '').trim().slice(0, 200) || null;
        const sub = subjectOf(email);
        const previous = accounts.get(email);
        accounts.set(email, { sub, email, name: name ?? previous?.name ?? null });
        // No consent screen: the dev provider grants what was asked.
        const grant = new provider.Grant({
          accountId: sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: sub, remember: false }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      res.statusCode = 405;
      res.end();
    } catch {
      res.statusCode = 400;
      res.setHeader('content-type', 'text/plain; charset=utf-8');
      res.end('This sign-in has expired. Go back to Stride and start again.');
    }
  });

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
