import { choiceEndpoints } from '@rankwise/contract/choices';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createChoicesRepository } from './choices.repository.ts';
import { createChoicesService } from './choices.service.ts';
import { computeBacktestsAfterStart } from './backtests-on-start.ts';

/** Choice lists (issue 23, docs/decisions/0027). */
export async function choicesRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const backtests = computeBacktestsAfterStart(app);
  const s = createChoicesService({ db, repo: createChoicesRepository(db), now: () => app.clock.now(), backtests });
  const limit = (max: number) => ({ rateLimit: { max: max * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute' } });
  route(app, choiceEndpoints.outcomes, ({ body }) => s.outcomes(body), limit(120));
  route(app, choiceEndpoints.rehearse, ({ body }) => s.rehearse(body), limit(60));
  route(app, choiceEndpoints.advice, ({ body }) => s.advice(body), limit(60));
  route(app, choiceEndpoints.backtests, () => s.backtests());
  route(app, choiceEndpoints.catalogue, ({ user, query }) => s.catalogue(user, query));
  route(app, choiceEndpoints.lists, ({ user }) => s.lists(user));
  route(app, choiceEndpoints.create, ({ user, body }) => s.create(user, body));
  route(app, choiceEndpoints.get, ({ user, params }) => s.get(user, params.id));
  route(app, choiceEndpoints.update, ({ user, params, body }) => s.update(user, params.id, body));
  route(app, choiceEndpoints.remove, ({ user, params }) => s.remove(user, params.id));
  route(app, choiceEndpoints.add, ({ user, body }) => s.add(user, body));
  route(app, choiceEndpoints.share, ({ user, params }) => s.share(user, params.id));
  route(app, choiceEndpoints.unshare, ({ user, params }) => s.unshare(user, params.id));
  route(app, choiceEndpoints.shared, ({ params }) => s.shared(params.token), limit(60));
  route(app, choiceEndpoints.sessionLists, ({ user, params }) => s.sessionLists(user, params.bookingId));
}
