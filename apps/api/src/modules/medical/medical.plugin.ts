import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loadMedicalReadModel } from './medical.read-model.ts';
import { createMedicalRepository } from './medical.repository.ts';
import type { MedicalDeps } from './medical.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    medical: MedicalDeps;
  }
}

/** The medical predictor: its repository, the submission limiter and its read model (created once). */
export const medicalPlugin = fp(async (app: FastifyInstance) => {
  const readModel = app.readModels.create({ name: 'medical', imports: ['medical'], load: loadMedicalReadModel });
  app.decorate('medical', { repo: createMedicalRepository(app.database.db), limiter: app.submissionLimiter, readModel });
});
