import { engineeringEndpoints } from '@rankwise/contract/engineering';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createEngineeringRepository } from './engineering.repository.ts';
import { createEngineeringService } from './engineering.service.ts';

export async function engineeringRoutes(app: FastifyInstance) {
  const service = createEngineeringService({ repo: createEngineeringRepository(app.database.db), limiter: app.submissionLimiter });
  route(app, engineeringEndpoints.preferences, ({ user, request, body }) => service.search({ user, ip: request.ip }, body));
}
