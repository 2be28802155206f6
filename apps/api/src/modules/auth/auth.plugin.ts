import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createKeyLimiter } from '../../lib/key-limiter.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { registerAuthMailJobs } from './auth-mail.ts';
import { createAuthRepository } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';
import type { AuthDeps } from './auth.service.ts';
import { createGoogleClient, type GoogleClient } from './google.ts';
import { createLoginThrottle } from './login-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Google sign-in (also read by the app module's public configuration). */
    google: GoogleClient;
    auth: AuthDeps;
  }
}

/** The auth module: its repository, limiters and slow-downs (created once), its mail jobs and its routes. */
export const authModulePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('google', createGoogleClient(app.config));
  const repo = createAuthRepository(app.database.db);
  const now = () => app.clock.now();
  app.decorate('auth', {
    repo,
    config: app.config,
    google: app.google,
    limiter: createKeyLimiter(app, 'auth'),
    throttle: createLoginThrottle(app),
    jobs: app.jobs,
    mailHealth: app.mailHealth,
    revoked: app.revokedSessions,
    log: app.log.child({ module: 'auth' }),
    now,
  } satisfies AuthDeps);
  registerAuthMailJobs(app.jobs, { repo, config: app.config, mailer: app.mailer, now });
  await registerApiRoutes(app, authRoutes);
});
