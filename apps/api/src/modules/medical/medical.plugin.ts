import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { loadMedicalReadModel } from './medical.read-model.ts';
import { createMedicalRepository } from './medical.repository.ts';
import { medicalRoutes } from './medical.routes.ts';
import type { MedicalDeps } from './medical.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    medical: MedicalDeps;
  }
}

/** The medical (NEET PG predictor) module: its deps (repository, submission limiter, read model; built once) and its routes under /api/v1. */
export const medicalPlugin = fp(async (app: FastifyInstance) => {
  const readModel = app.readModels.create({ name: 'medical', imports: ['medical'], load: loadMedicalReadModel });
  app.decorate('medical', { repo: createMedicalRepository(app.database.db), limiter: app.submissionLimiter, readModel } satisfies MedicalDeps);
  await registerApiRoutes(app, medicalRoutes);
});
