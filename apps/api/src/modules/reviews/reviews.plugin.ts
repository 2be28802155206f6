import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unitOfWork } from '../../lib/unit-of-work.ts';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createCounsellorsRepository } from '../counsellors/counsellors.service.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import type { ReviewsDeps } from './reviews.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsDeps;
  }
}

/** The reviews module: its repositories over one unit of work (created once) and its routes; it also gives the counsellor cards their ratings. */
export const reviewsPlugin = fp(async (app: FastifyInstance) => {
  const uow = unitOfWork(app.database.db, (db) => ({ reviews: createReviewsRepository(db), counsellors: createCounsellorsRepository(db) }));
  app.decorate('reviews', { uow, now: () => app.clock.now() } satisfies ReviewsDeps);
  // The counsellor list's rating hook (average and count on every card).
  app.counsellors.ratings = (ids) => uow.store.reviews.ratings(ids);
  await registerApiRoutes(app, reviewRoutes);
});
