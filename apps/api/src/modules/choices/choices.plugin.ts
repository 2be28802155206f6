import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { choicesRoutes } from './choices.routes.ts';

/** The choices module: its routes under /api/v1 (its service is still built in choices.routes.ts; ARCHITECTURE.md). */
export const choicesPlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, choicesRoutes);
});
