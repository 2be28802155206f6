import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { medicalRoutes } from './medical.routes.ts';

/** The medical (NEET PG predictor) module: its routes under /api/v1 (its service is still built in medical.routes.ts; ARCHITECTURE.md). */
export const medicalPlugin = fp(async (app: FastifyInstance) => {
  await registerApiRoutes(app, medicalRoutes);
});
