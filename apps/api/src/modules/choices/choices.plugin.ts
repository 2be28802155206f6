import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChoicesRepository } from './choices.repository.ts';
import { choicesDeps, type ChoicesDeps } from './choices.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    choices: ChoicesDeps;
  }
}

/** The choices module: its repository and caches (created once). */
export const choicesPlugin = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  app.decorate(
    'choices',
    choicesDeps(db, createChoicesRepository(db), () => app.clock.now()),
  );
});
