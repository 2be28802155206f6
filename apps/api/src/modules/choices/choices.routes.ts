import { choiceEndpoints } from '@rankwise/contract/choices';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as choices from './choices.service.ts';

/** Choice lists (issue 23, docs/decisions/0027). */
export async function choicesRoutes(app: FastifyInstance) {
  const d = app.choices;
  const limit = (max: number) => ({ rateLimit: { max: max * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' } });
  route(app, choiceEndpoints.outcomes, ({ body }) => choices.outcomes(d, body), limit(120));
  route(app, choiceEndpoints.rehearse, ({ body }) => choices.rehearse(d, body), limit(60));
  route(app, choiceEndpoints.advice, ({ body }) => choices.advice(d, body), limit(60));
  route(app, choiceEndpoints.catalogue, ({ user, query }) => choices.catalogue(d, user, query));
  route(app, choiceEndpoints.lists, ({ user }) => choices.lists(d, user));
  route(app, choiceEndpoints.create, ({ user, body }) => choices.create(d, user, body));
  route(app, choiceEndpoints.get, ({ user, params }) => choices.get(d, user, params.id));
  route(app, choiceEndpoints.update, ({ user, params, body }) => choices.update(d, user, params.id, body));
  route(app, choiceEndpoints.remove, ({ user, params }) => choices.remove(d, user, params.id));
  route(app, choiceEndpoints.add, ({ user, body }) => choices.add(d, user, body));
  route(app, choiceEndpoints.share, ({ user, params }) => choices.share(d, user, params.id));
  route(app, choiceEndpoints.unshare, ({ user, params }) => choices.unshare(d, user, params.id));
  route(app, choiceEndpoints.shared, ({ params }) => choices.shared(d, params.token), limit(60));
  route(app, choiceEndpoints.sessionLists, ({ user, params }) => choices.sessionLists(d, user, params.bookingId));
}
