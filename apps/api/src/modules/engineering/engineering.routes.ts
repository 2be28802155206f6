import { engineeringEndpoints } from '@rankwise/contract/engineering';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { loadEngineeringReadModel } from './engineering.read-model.ts';
import { createEngineeringRepository } from './engineering.repository.ts';
import { createEngineeringService } from './engineering.service.ts';

export async function engineeringRoutes(app: FastifyInstance) {
  const readModel = app.readModels.create({ name: 'engineering', imports: ['engineering'], load: loadEngineeringReadModel });
  const service = createEngineeringService({ repo: createEngineeringRepository(app.database.db), limiter: app.submissionLimiter, readModel });
  // The answer is built by the service in the schema's shape: sent as it is (lib/route.ts).
  route(app, engineeringEndpoints.preferences, ({ user, request, body }) => service.search({ user, ip: request.ip }, body), { trustedAnswer: true });
}
