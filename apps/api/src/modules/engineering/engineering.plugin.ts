import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { loadEngineeringReadModel } from './engineering.read-model.ts';
import { createEngineeringRepository } from './engineering.repository.ts';
import { engineeringRoutes } from './engineering.routes.ts';
import type { EngineeringDeps } from './engineering.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    engineering: EngineeringDeps;
  }
}

/** The engineering (JoSAA predictor) module: its deps (repository, submission limiter, read model; built once) and its routes under /api/v1. */
export const engineeringPlugin = fp(async (app: FastifyInstance) => {
  const readModel = app.readModels.create({ name: 'engineering', imports: ['engineering'], load: loadEngineeringReadModel });
  app.decorate('engineering', {
    repo: createEngineeringRepository(app.database.db),
    limiter: app.submissionLimiter,
    readModel,
  } satisfies EngineeringDeps);
  await registerApiRoutes(app, engineeringRoutes);
});
