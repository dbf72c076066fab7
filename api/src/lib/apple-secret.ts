// Apple's client secret is not a fixed string but an ES256 JWT signed with the
// team's private key (.p8), valid for at most six months.
// @see https://developer.apple.com/documentation/accountorganizationaldatasharing/creating-a-client-secret
import { importPKCS8, SignJWT } from 'jose';
import type { AppleClientConfig } from '../config.js';

const LIFETIME_S = 24 * 3600;

export function appleClientSecret(apple: AppleClientConfig, now: () => Date = () => new Date()) {
  let cached: { jwt: string; exp: number } | undefined;
  return async (): Promise<string> => {
    const iat = Math.floor(now().getTime() / 1000);
    if (cached && cached.exp - iat > 3600) return cached.jwt;
    const key = await importPKCS8(apple.privateKey, 'ES256');
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
      .setIssuer(apple.teamId)
      .setSubject(apple.clientId)
      .setAudience('https://appleid.apple.com')
      .setIssuedAt(iat)
      .setExpirationTime(iat + LIFETIME_S)
      .sign(key);
    cached = { jwt, exp: iat + LIFETIME_S };
    return jwt;
  };
}
