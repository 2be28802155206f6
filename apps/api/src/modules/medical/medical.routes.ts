import { medicalEndpoints } from '@rankwise/contract/medical';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { loadMedicalReadModel } from './medical.read-model.ts';
import { createMedicalRepository } from './medical.repository.ts';
import { createMedicalService } from './medical.service.ts';

/** The NEET PG predictor. */
export async function medicalRoutes(app: FastifyInstance) {
  const readModel = app.readModels.create({ name: 'medical', imports: ['medical'], load: loadMedicalReadModel });
  const service = createMedicalService({ repo: createMedicalRepository(app.database.db), limiter: app.submissionLimiter, readModel });
  // The answer is built by the service in the schema's shape: sent as it is (lib/route.ts).
  route(app, medicalEndpoints.preferences, ({ user, request, body }) => service.search({ user, ip: request.ip }, body), { trustedAnswer: true });
  route(app, medicalEndpoints.courses, () => service.courses());
}
