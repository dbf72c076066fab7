import type { OAuthCallbackParams } from '@stride/shared';

export type CallbackResult =
  | { kind: 'code'; params: OAuthCallbackParams }
  | { kind: 'error'; code: string };

/**
 * Reads what the provider sent back. Every parameter is forwarded (`iss`
 * too: the API checks the issuer); an `error` from the provider wins.
 */
export function readCallbackParams(search: string): CallbackResult {
  const query = new URLSearchParams(search);
  const error = query.get('error');
  if (error) return { kind: 'error', code: error };
  const code = query.get('code');
  const state = query.get('state');
  if (!code || !state) return { kind: 'error', code: 'invalid_callback' };
  const iss = query.get('iss');
  return { kind: 'code', params: iss ? { code, state, iss } : { code, state } };
}
