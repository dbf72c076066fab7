import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * A check that a request carries `Authorization: Bearer <token>`, for the
 * operators' routes (metrics, remote-load figures). Equal-length digests:
 * the comparison takes the same time whatever was sent.
 */
export function bearerCheck(token: string, what: string): (request: FastifyRequest) => void {
  const expected = digest(`Bearer ${token}`);
  return (request) => {
    if (!timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
      throw new HttpError(401, 'not_authenticated', `${what} need the bearer token`);
    }
  };
}
