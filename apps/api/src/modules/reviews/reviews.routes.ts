import { reviewEndpoints } from '@rankwise/contract/reviews';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as reviews from './reviews.service.ts';

/** Spec §7 `GET /reviews/get-reviews`, `POST /reviews/send-review`. */
export async function reviewRoutes(app: FastifyInstance) {
  const d = app.reviews;
  route(app, reviewEndpoints.list, ({ user, query }) => reviews.getReviews(d, user, query.counsellorId));
  route(app, reviewEndpoints.send, ({ user, body }) => reviews.sendReview(d, user, body), {
    rateLimit: { max: 10 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' },
  });
}
