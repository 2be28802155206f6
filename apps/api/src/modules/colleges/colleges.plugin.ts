import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { collegesRoutes } from './colleges.routes.ts';

/** The colleges module: its routes under /api/v1 (its service is still built in colleges.routes.ts; ARCHITECTURE.md). */
export const collegesPlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, collegesRoutes);
});
