import { choiceEndpoints } from '@rankwise/contract/choices';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as s from './choices.service.ts';

/** Choice lists (issue 23, docs/decisions/0027). */
export async function choicesRoutes(app: FastifyInstance) {
  const d = app.choices;
  const limit = (max: number) => ({ rateLimit: { max: max * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' } });
  route(app, choiceEndpoints.outcomes, ({ body }) => s.outcomes(d, body), limit(120));
  route(app, choiceEndpoints.rehearse, ({ body }) => s.rehearse(d, body), limit(60));
  route(app, choiceEndpoints.advice, ({ body }) => s.advice(d, body), limit(60));
  route(app, choiceEndpoints.backtests, () => s.backtests(d));
  route(app, choiceEndpoints.catalogue, ({ user, query }) => s.catalogue(d, user, query));
  route(app, choiceEndpoints.lists, ({ user }) => s.lists(d, user));
  route(app, choiceEndpoints.create, ({ user, body }) => s.create(d, user, body));
  route(app, choiceEndpoints.get, ({ user, params }) => s.get(d, user, params.id));
  route(app, choiceEndpoints.update, ({ user, params, body }) => s.update(d, user, params.id, body));
  route(app, choiceEndpoints.remove, ({ user, params }) => s.remove(d, user, params.id));
  route(app, choiceEndpoints.add, ({ user, body }) => s.add(d, user, body));
  route(app, choiceEndpoints.share, ({ user, params }) => s.share(d, user, params.id));
  route(app, choiceEndpoints.unshare, ({ user, params }) => s.unshare(d, user, params.id));
  route(app, choiceEndpoints.shared, ({ params }) => s.shared(d, params.token), limit(60));
  route(app, choiceEndpoints.sessionLists, ({ user, params }) => s.sessionLists(d, user, params.bookingId));
}
