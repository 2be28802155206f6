import { authEndpoints, authTexts, SESSION_MARKER_COOKIE } from '@rankwise/contract/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../lib/route.ts';
import * as auth from './auth.service.ts';
import { requestOrigin } from './request-origin.ts';

export const REFRESH_COOKIE = 'rw_refresh';
const COOKIE_PATH = '/api/v1/auth';

export async function authRoutes(app: FastifyInstance) {
  // Per client address, against guessing; the service slows each (account, address) pair down too.
  const f = app.config.ADDRESS_RATE_LIMIT_FACTOR;
  const strict = { rateLimit: { max: 10 * f, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: 5 * f, timeWindow: '10 minutes' } };
  // Refresh tokens cannot be guessed; this only stops a runaway client (a hostel shares one address).
  const refreshLimit = { rateLimit: { max: 120 * f, timeWindow: '1 minute' } };
  const deps = app.auth;
  const secure = app.config.PUBLIC_URL.startsWith('https://');
  const cookieOptions = { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure } as const;
  // Readable by the page, holds no secret: tells the web app a session may exist, so a visitor's
  // page load never asks for a refresh (no 401, no round trip before the first query).
  const markerOptions = { path: '/', httpOnly: false, sameSite: 'lax', secure } as const;

  /** Sets the refresh cookie of a new session and answers with its access token. */
  const signedIn = (reply: FastifyReply, s: auth.IssuedSession) => {
    // 'Keep me logged in' off: browser-session cookies (no Max-Age).
    const lifetime = s.persistent ? { maxAge: Math.floor(auth.PERSISTENT_SESSION_MS / 1000) } : {};
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, { ...cookieOptions, ...lifetime });
    reply.setCookie(SESSION_MARKER_COOKIE, '1', { ...markerOptions, ...lifetime });
    return s.response;
  };
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, cookieOptions).clearCookie(SESSION_MARKER_COOKIE, markerOptions);
  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.logout(deps, request.cookies[REFRESH_COOKIE], request.method, requestOrigin(request, app.config.PUBLIC_URL));
    clearRefreshCookie(reply);
    return { message: authTexts.loggedOut };
  };

  route(app, authEndpoints.verifyAccount, ({ body }) => auth.requestCode(deps, body.username, body.email), codeLimit);
  route(app, authEndpoints.register, ({ body }) => auth.register(deps, body), strict);
  route(
    app,
    authEndpoints.login,
    async ({ body, request, reply }) => signedIn(reply, await auth.login(deps, body.email, body.password, body.persist, request.ip)),
    strict,
  );
  route(app, authEndpoints.google, async ({ body, reply }) => signedIn(reply, await auth.loginWithGoogle(deps, body.code, body.persist)), strict);
  route(
    app,
    authEndpoints.refreshToken,
    async ({ request, reply }) => {
      try {
        return signedIn(reply, await auth.refresh(deps, request.cookies[REFRESH_COOKIE]));
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
    refreshLimit,
  );
  route(app, authEndpoints.logout, ({ request, reply }) => logout(request, reply));
  route(app, authEndpoints.logoutPost, ({ request, reply }) => logout(request, reply));
  route(app, authEndpoints.forgotPassword, ({ body }) => auth.forgotPassword(deps, body.email), codeLimit);
  route(app, authEndpoints.verifyResetToken, ({ body }) => auth.verifyResetToken(deps, body.token), strict);
  route(app, authEndpoints.resetPassword, ({ body }) => auth.resetPassword(deps, body.token, body.password), strict);
}
