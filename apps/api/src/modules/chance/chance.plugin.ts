import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { chanceRoutes } from './chance.routes.ts';

/** The chance module: its routes under /api/v1 (its service is still built in chance.routes.ts; ARCHITECTURE.md). */
export const chancePlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, chanceRoutes);
});
