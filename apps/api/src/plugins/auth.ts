import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config.ts';
import { AppError } from '../lib/app-error.ts';
import { createRolesRepository, type RolesRepository } from '../modules/auth/roles.repository.ts';

export type AuthUser = { id: string; username: string; email: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** Roles held in the database; `route` checks an endpoint's declared role with it. */
    roles: RolesRepository;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    authError: 'expired' | 'invalid' | null;
  }
}

export const ACCESS_TOKEN_EXPIRED = 'Access token expired';

function key(config: Config): Uint8Array {
  return new TextEncoder().encode(config.JWT_SECRET);
}

export async function signAccessToken(config: Config, user: AuthUser, ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
  return new SignJWT({ username: user.username, email: user.email })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(config));
}

/** Reads the bearer access token on every request; routes decide whether they need it. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  app.decorate('roles', createRolesRepository(app.database.db));
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      const { payload } = await jwtVerify(header.slice(7), key(opts.config), { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string') throw new Error('no subject');
      request.user = { id: payload.sub, username: String(payload.username ?? ''), email: String(payload.email ?? '') };
    } catch (err) {
      request.authError = err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  });
});

/** The signed-in user, or a 403 'Access token expired' (the client refreshes) / 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  const user = optionalUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  return user;
}

/** The signed-in user or null; a stale token still answers 403 so the client refreshes and retries. */
export function optionalUser(request: FastifyRequest): AuthUser | null {
  if (request.authError === 'expired') throw new AppError('ACCESS_TOKEN_EXPIRED', ACCESS_TOKEN_EXPIRED);
  if (request.authError === 'invalid') throw new AppError('UNAUTHORIZED', 'Invalid access token. Please sign in again.');
  return request.user;
}
