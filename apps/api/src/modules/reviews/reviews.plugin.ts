import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerApiRoutes } from '../../plugins/api-routes.ts';
import { createReviewsRepository } from './reviews.repository.ts';
import { reviewRoutes } from './reviews.routes.ts';
import type { ReviewsDeps } from './reviews.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsDeps;
  }
}

/** The reviews module: its repository (created once) and its routes; it also gives the counsellor cards their ratings. */
export const reviewsPlugin = fp(async (app: FastifyInstance) => {
  const repo = createReviewsRepository(app.database.db);
  app.decorate('reviews', { db: app.database.db, repo, counsellors: app.counsellors.repo, now: () => app.clock.now() });
  // The counsellor list's rating hook (average and count on every card).
  app.counsellors.ratings = (ids) => repo.ratings(ids);
  await registerApiRoutes(app, reviewRoutes);
});
