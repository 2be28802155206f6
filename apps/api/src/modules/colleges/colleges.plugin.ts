import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCollegesRepository } from './colleges.repository.ts';
import { collegesDeps, type CollegesDeps } from './colleges.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    colleges: CollegesDeps;
  }
}

/** The colleges module: its repository and college directory (created once). */
export const collegesPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('colleges', collegesDeps(createCollegesRepository(app.database.db)));
});
