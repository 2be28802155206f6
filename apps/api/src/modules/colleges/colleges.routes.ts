import { collegesEndpoints } from '@rankwise/contract/colleges';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as colleges from './colleges.service.ts';

export async function collegesRoutes(app: FastifyInstance) {
  const d = app.colleges;
  route(app, collegesEndpoints.aboutCollege, ({ body }) => colleges.about(d, body));
  route(app, collegesEndpoints.compare, ({ body }) => colleges.compare(d, body));
  route(app, collegesEndpoints.seats, ({ params }) => colleges.seats(d, params.id));
  route(app, collegesEndpoints.history, ({ params, query }) => colleges.history(d, params.id, query));
}
