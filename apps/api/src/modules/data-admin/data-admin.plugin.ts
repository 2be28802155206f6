import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { dataAdminRoutes } from './data-admin.routes.ts';

/** The data-admin module: its routes under /api/v1 (its service is still built in data-admin.routes.ts; ARCHITECTURE.md). */
export const dataAdminPlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, dataAdminRoutes);
});
