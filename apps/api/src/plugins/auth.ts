import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../config.ts';
import { type AuthUser } from '../lib/request-user.ts';
import { safeError } from '../lib/safe-error.ts';

export { ACCESS_TOKEN_EXPIRED, optionalUser, requireUser, type AuthUser } from '../lib/request-user.ts';
import { createAuthRepository } from '../modules/auth/auth.repository.ts';
import { createRolesRepository, type RolesRepository } from '../modules/auth/roles.repository.ts';

/** Ended session families, as this instance knows them (see createRevokedSessions). */
export type RevokedSessions = {
  has(sessionId: string): boolean;
  /** Marks a family ended here and now (it is already in the database). */
  add(sessionId: string): void;
  /** Reloads the recent revocations from the database (the poll does this every REVOCATION_POLL_MS). */
  refresh(): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Roles held in the database; `route` checks an endpoint's declared role with it. */
    roles: RolesRepository;
    revokedSessions: RevokedSessions;
  }
}

/**
 * How often each instance reloads the ended sessions: a logout on one instance stops its access
 * tokens at once there, and on the other instances within this delay (docs/decisions/0016).
 */
export const REVOCATION_POLL_MS = 5_000;

/** Verified access tokens kept per instance (the oldest goes first). */
const VERIFIED_TOKENS = 10_000;

function key(config: Config): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(config.JWT_SECRET);
}

/**
 * An access token for `user` in session family `sessionId` (the `sid` claim; a logout or reset ends
 * the family and with it the token). Tests and benchmarks that need no session may leave it out:
 * a fresh id is then a session nobody can end.
 */
export async function signAccessToken(
  config: Config,
  user: AuthUser,
  ttlSeconds = config.ACCESS_TOKEN_TTL_SECONDS,
  sessionId: string = randomUUID(),
): Promise<string> {
  return new SignJWT({ username: user.username, email: user.email, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(key(config));
}

/**
 * The ended families of the last access-token lifetime, held in memory so that checking a token
 * costs a set lookup, not a query. Reloaded every REVOCATION_POLL_MS; a family ended on this
 * instance is added at once. Older revocations do not matter: every token of theirs has expired.
 */
export function createRevokedSessions(app: FastifyInstance, config: Config): RevokedSessions & { start(): Promise<void>; stop(): void } {
  const repo = createAuthRepository(app.database.db);
  const windowSeconds = config.ACCESS_TOKEN_TTL_SECONDS + 60;
  let known = new Set<string>();
  // Added here since the last reload began: kept until a reload that started after them has run.
  const local = new Map<string, number>();
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;
  let failures = 0;

  const refresh = async () => {
    const started = Date.now();
    const ids = await repo.listRecentRevocations(windowSeconds);
    const next = new Set(ids);
    for (const [id, at] of local) {
      if (at >= started) next.add(id);
      else local.delete(id);
    }
    known = next;
    if (started - lastPrune > 3600_000) {
      lastPrune = started;
      await repo.pruneRevocations(24 * 3600);
    }
  };
  const tick = () =>
    refresh().then(
      () => (failures = 0),
      (err) => {
        // The database is away: keep what is known, say so once in a while.
        if (failures++ % 12 === 0) app.log.warn({ err: safeError(err) }, 'cannot reload ended sessions; using the last known set');
      },
    );
  return {
    has: (id) => known.has(id) || local.has(id),
    add(id) {
      local.set(id, Date.now());
      known.add(id);
    },
    refresh,
    async start() {
      await tick();
      timer = setInterval(() => void tick(), REVOCATION_POLL_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

/** Reads the bearer access token on every request; routes decide whether they need it. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  app.decorate('roles', createRolesRepository(app.database.db));
  const revoked = createRevokedSessions(app, opts.config);
  app.decorate('revokedSessions', revoked);
  app.addHook('onReady', () => revoked.start());
  app.addHook('onClose', async () => revoked.stop());
  app.decorateRequest('user', null);
  app.decorateRequest('authError', null);
  // An answer to a signed-in request (or one that sets the session cookie) is that person's:
  // never kept by a browser's or a proxy's cache (issue 24 item 8).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.headers.authorization || reply.hasHeader('set-cookie')) reply.header('cache-control', 'no-store');
  });
  // Imported once: jose would import a raw secret for every token it checks.
  const verifyKey = await crypto.subtle.importKey('raw', key(opts.config), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  // Tokens whose signature has been checked, with their claims. A browser sends the same access
  // token with every request for its lifetime, and WebCrypto's HMAC check cost a tenth of a
  // predictor answer (docs/decisions/0018). The key is the whole token, signature included, so only
  // a token that verified can match; its expiry is checked again on every use (as jose does), and the
  // session below on every request as before. Tokens with a not-before time are not kept.
  const verified = new Map<string, JWTPayload & { exp: number }>();
  const claimsOf = async (token: string): Promise<JWTPayload> => {
    const known = verified.get(token);
    if (known && known.exp > Math.floor(Date.now() / 1000)) return known;
    if (known) verified.delete(token);
    // A token without an expiry would never end: refused.
    const { payload } = await jwtVerify(token, verifyKey, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    if (payload.nbf === undefined && typeof payload.exp === 'number') {
      if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
      verified.set(token, payload as JWTPayload & { exp: number });
    }
    return payload;
  };
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    try {
      const payload = await claimsOf(header.slice(7));
      if (typeof payload.sub !== 'string') throw new Error('no subject');
      // Without a session id (a token from before sessions were named) or of an ended session: the
      // client refreshes, which gives a current token or, for an ended session, signs it out.
      if (typeof payload.sid !== 'string' || revoked.has(payload.sid)) {
        request.authError = 'ended';
        return;
      }
      request.user = { id: payload.sub, username: String(payload.username ?? ''), email: String(payload.email ?? '') };
    } catch (err) {
      request.authError = err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid';
    }
  });
});
