import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { dataAdminRoutes } from './data-admin.routes.ts';
import type { DataAdminDeps } from './data-admin.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataAdmin: DataAdminDeps;
  }
}

/** The data-admin module: its deps and routes (/admin/data, issue 22 item 5). */
export const dataAdminPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('dataAdmin', { database: app.database, config: app.config, log: (m: string) => app.log.info(m) } satisfies DataAdminDeps);
  await registerApiRoutes(app, dataAdminRoutes);
});
