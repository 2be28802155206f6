import { authTexts } from '@rankwise/contract/auth';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The signed-in account a request carries (plugins/auth.ts reads the bearer token into it). */
export type AuthUser = { id: string; username: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authError: 'expired' | 'ended' | 'invalid' | null;
  }
}

export const ACCESS_TOKEN_EXPIRED = 'Access token expired';

/** The signed-in user, or a 403 'Access token expired' (the client refreshes) / 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  const user = optionalUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return user;
}

/** The signed-in user or null; a stale token still answers 403 so the client refreshes and retries. */
export function optionalUser(request: FastifyRequest): AuthUser | null {
  if (request.authError === 'expired') throw new AppError('ACCESS_TOKEN_EXPIRED', ACCESS_TOKEN_EXPIRED);
  // Same code as expired: the client's one refresh fails for an ended session and signs it out.
  if (request.authError === 'ended') throw new AppError('ACCESS_TOKEN_EXPIRED', authTexts.sessionEnded);
  if (request.authError === 'invalid') throw new AppError('UNAUTHORIZED', 'Invalid access token. Please sign in again.');
  return request.user;
}
