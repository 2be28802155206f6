import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChanceRepository } from './chance.repository.ts';
import type { ChanceDeps } from './chance.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    chance: ChanceDeps;
  }
}

/** The chance module: its repository (created once). */
export const chancePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('chance', { repo: createChanceRepository(app.database.db) });
});
