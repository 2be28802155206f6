import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { computeBacktestsAfterStart } from './backtests-on-start.ts';
import { createChoicesRepository, findRoundMoves } from './choices.repository.ts';
import { choicesRoutes } from './choices.routes.ts';
import { choicesCaches, type ChoicesDeps, type ChoicesStore } from './choices.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    choices: ChoicesDeps;
  }
}

/** The choices module: its repositories over one unit of work, its caches (built once) and its routes under /api/v1. */
export const choicesPlugin = fp(async (app: FastifyInstance) => {
  const uow = unitOfWork(app.database.db, (db): ChoicesStore => ({
    choices: createChoicesRepository(db),
    roundMoves: (beforeYear, counselling) => findRoundMoves(db, beforeYear, counselling),
  }));
  const backtests = computeBacktestsAfterStart(app);
  app.decorate('choices', { uow, now: () => app.clock.now(), backtests, caches: choicesCaches() } satisfies ChoicesDeps);
  await registerApiRoutes(app, choicesRoutes);
});
