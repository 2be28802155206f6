import {
  forgotPasswordRequestSchema,
  googleLoginRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  verifyAccountRequestSchema,
  verifyResetTokenRequestSchema,
  verifyResetTokenResponseSchema,
  authTexts,
} from '@rankwise/contract/auth';
import { messageResponseSchema } from '@rankwise/contract/app';
import { errorResponses } from '@rankwise/contract/errors';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createKeyLimiter } from '../../lib/key-limiter.ts';
import { createAuthRepository } from './auth.repository.ts';
import * as auth from './auth.service.ts';

export const REFRESH_COOKIE = 'rw_refresh';
const COOKIE_PATH = '/api/v1/auth';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Per client address, against guessing; the service adds per-account limits.
  const f = app.config.ADDRESS_RATE_LIMIT_FACTOR;
  const strict = { rateLimit: { max: 10 * f, timeWindow: '1 minute' } };
  const codeLimit = { rateLimit: { max: 5 * f, timeWindow: '10 minutes' } };
  // Refresh tokens cannot be guessed; this only stops a runaway client (a hostel shares one address).
  const refreshLimit = { rateLimit: { max: 120 * f, timeWindow: '1 minute' } };
  const deps: auth.AuthDeps = {
    repo: createAuthRepository(app.database.db),
    config: app.config,
    mailer: app.mailer,
    google: app.google,
    limiter: createKeyLimiter(app, 'rankwise-auth'),
  };
  const secure = app.config.PUBLIC_URL.startsWith('https://');

  const setRefreshCookie = (reply: FastifyReply, s: auth.IssuedSession) =>
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      // 'Keep me logged in' off: a browser-session cookie (no Max-Age).
      ...(s.persistent ? { maxAge: Math.floor(auth.PERSISTENT_SESSION_MS / 1000) } : {}),
    });
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH, httpOnly: true, sameSite: 'lax', secure });
  const sessionReply = { 200: sessionResponseSchema, ...errorResponses };
  const messageReply = { 200: messageResponseSchema, ...errorResponses };

  app.post(
    '/verify-account',
    { config: codeLimit, schema: { tags: ['auth'], summary: 'E-mail a 6-digit sign-up code', body: verifyAccountRequestSchema, response: messageReply } },
    async (req) => auth.requestCode(deps, req.body.username, req.body.email),
  );
  app.post(
    '/register',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Create the account with the e-mailed code',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, ...errorResponses },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.register(deps, req.body)),
  );
  app.post(
    '/login',
    { config: strict, schema: { tags: ['auth'], summary: 'Log in with e-mail and password', body: loginRequestSchema, response: sessionReply } },
    async (req, reply) => {
      const s = await auth.login(deps, req.body.email, req.body.password, req.body.persist);
      setRefreshCookie(reply, s);
      return s.response;
    },
  );
  app.post(
    '/google',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Log in with a Google sign-in code',
        body: googleLoginRequestSchema,
        response: { ...sessionReply, 502: errorResponses[500], 503: errorResponses[500] },
      },
    },
    async (req, reply) => {
      const s = await auth.loginWithGoogle(deps, req.body.code, req.body.persist);
      setRefreshCookie(reply, s);
      return s.response;
    },
  );
  app.post(
    '/refresh-token',
    { config: refreshLimit, schema: { tags: ['auth'], summary: 'Rotate the refresh cookie and get a new access token', response: sessionReply } },
    async (req, reply) => {
      try {
        const s = await auth.refresh(deps, req.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, s);
        return s.response;
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );
  app.get(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Log out: revoke the session and clear the cookie', response: messageReply } },
    async (req, reply) => {
      await auth.logout(deps, req.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { message: authTexts.loggedOut };
    },
  );
  app.post(
    '/forgot-password',
    { config: codeLimit, schema: { tags: ['auth'], summary: 'E-mail a password reset link', body: forgotPasswordRequestSchema, response: messageReply } },
    async (req) => auth.forgotPassword(deps, req.body.email),
  );
  app.post(
    '/verify-reset-token',
    {
      config: strict,
      schema: {
        tags: ['auth'],
        summary: 'Is this reset link still valid?',
        body: verifyResetTokenRequestSchema,
        response: { 200: verifyResetTokenResponseSchema, ...errorResponses },
      },
    },
    async (req) => auth.verifyResetToken(deps, req.body.token),
  );
  app.post(
    '/reset-password',
    { config: strict, schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: resetPasswordRequestSchema, response: messageReply } },
    async (req) => auth.resetPassword(deps, req.body.token, req.body.password),
  );
};
