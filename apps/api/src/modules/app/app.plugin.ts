import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { appRoutes } from './app.routes.ts';
import type { AppServiceDeps } from './app.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app module's deps (health and the public configuration). */
    appModule: AppServiceDeps;
  }
}

/** The app module: what /health and /app/config read (gathered once; after the auth module, for Google's client), and its routes. */
export const appModulePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('appModule', {
    database: app.database,
    redis: app.redis,
    config: app.config,
    google: app.google,
    buildVersion: app.buildVersion,
    now: () => app.clock.now(),
  } satisfies AppServiceDeps);
  await registerApiRoutes(app, appRoutes);
});
