import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createChanceRepository } from './chance.repository.ts';
import { chanceRoutes } from './chance.routes.ts';
import type { ChanceDeps } from './chance.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chance: ChanceDeps;
  }
}

/** The chance module: its deps (the repository, built once) and its routes under /api/v1. */
export const chancePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('chance', { repo: createChanceRepository(app.database.db) } satisfies ChanceDeps);
  await registerApiRoutes(app, chanceRoutes);
});
