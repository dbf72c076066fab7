// oidc-provider ships no types; this declares only the part the dev provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface OidcContext {
    oidc?: {
      client?: { clientId: string };
      session?: { accountId?: string };
    };
  }

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  export interface Configuration {
    clients: Record<string, unknown>[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: { keys: string[] };
    claims: Record<string, string[]>;
    conformIdTokenClaims: boolean;
    features: Record<string, unknown>;
    interactions: { url(ctx: OidcContext, interaction: { uid: string }): string };
    pkce: { required(): boolean };
    ttl: Record<string, number>;
    findAccount(ctx: OidcContext, sub: string): Promise<Account | undefined>;
  }

  interface InteractionDetails {
    uid: string;
    params: Record<string, unknown>;
    prompt: { name: string };
  }

  class Grant {
    constructor(init: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    Client: { find(id: string): Promise<{ clientName?: string } | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    on(
      event: 'authorization.success',
      listener: (ctx: OidcContext, out: Record<string, unknown>) => void,
    ): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
