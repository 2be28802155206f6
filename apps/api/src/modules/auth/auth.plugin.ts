import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createKeyLimiter } from '../../lib/key-limiter.ts';
import { registerAuthMailJobs } from './auth-mail.ts';
import { createAuthRepository } from './auth.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { createLoginThrottle } from './login-throttle.ts';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthDeps;
  }
}

/** The auth module: its repository, limiters and slow-downs (created once), and its mail jobs. */
export const authModulePlugin = fp(async (app: FastifyInstance) => {
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
});
