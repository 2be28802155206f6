import { collegesEndpoints } from '@rankwise/contract/colleges';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createCollegesRepository } from './colleges.repository.ts';
import { createCollegesService } from './colleges.service.ts';

export async function collegesRoutes(app: FastifyInstance) {
  const service = createCollegesService({ repo: createCollegesRepository(app.database.db) });
  route(app, collegesEndpoints.aboutCollege, ({ body }) => service.about(body));
  route(app, collegesEndpoints.compare, ({ body }) => service.compare(body));
  route(app, collegesEndpoints.seats, ({ params }) => service.seats(params.id));
  route(app, collegesEndpoints.history, ({ params, query }) => service.history(params.id, query));
}
