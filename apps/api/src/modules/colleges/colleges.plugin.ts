import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createCollegesRepository } from './colleges.repository.ts';
import { collegesRoutes } from './colleges.routes.ts';
import { collegesDeps, type CollegesDeps } from './colleges.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    colleges: CollegesDeps;
  }
}

/** The colleges module: its deps (the repository and the college directory, built once) and its routes under /api/v1. */
export const collegesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('colleges', collegesDeps(createCollegesRepository(app.database.db)));
  await registerApiRoutes(app, collegesRoutes);
});
