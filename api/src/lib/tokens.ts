import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Session and transaction ids are stored only as this hash: a leaked table grants nothing. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
