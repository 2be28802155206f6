import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { engineeringRoutes } from './engineering.routes.ts';

/** The engineering (JoSAA predictor) module: its routes under /api/v1 (its service is still built in engineering.routes.ts; ARCHITECTURE.md). */
export const engineeringPlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, engineeringRoutes);
});
