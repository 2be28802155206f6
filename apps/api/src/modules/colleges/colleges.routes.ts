import { collegesEndpoints } from '@rankwise/contract/colleges';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { about, compare, history, seats } from './colleges.service.ts';

export async function collegesRoutes(app: FastifyInstance) {
  const deps = app.colleges;
  route(app, collegesEndpoints.aboutCollege, ({ body }) => about(deps, body));
  route(app, collegesEndpoints.compare, ({ body }) => compare(deps, body));
  route(app, collegesEndpoints.seats, ({ params }) => seats(deps, params.id));
  route(app, collegesEndpoints.history, ({ params, query }) => history(deps, params.id, query));
}
