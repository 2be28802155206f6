import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadEngineeringReadModel } from './engineering.read-model.ts';
import { createEngineeringRepository } from './engineering.repository.ts';
import type { EngineeringDeps } from './engineering.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    engineering: EngineeringDeps;
  }
}

/** The engineering predictor: its repository, the submission limiter and its read model (created once). */
export const engineeringPlugin = fp(async (app: FastifyInstance) => {
  const readModel = app.readModels.create({ name: 'engineering', imports: ['engineering'], load: loadEngineeringReadModel });
  app.decorate('engineering', { repo: createEngineeringRepository(app.database.db), limiter: app.submissionLimiter, readModel });
});
