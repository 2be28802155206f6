import { medicalEndpoints } from '@rankwise/contract/medical';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createMedicalRepository } from './medical.repository.ts';
import { createMedicalService } from './medical.service.ts';

/** The NEET PG predictor. */
export async function medicalRoutes(app: FastifyInstance) {
  const service = createMedicalService({ repo: createMedicalRepository(app.database.db), limiter: app.submissionLimiter });
  route(app, medicalEndpoints.preferences, ({ user, request, body }) => service.search({ user, ip: request.ip }, body));
  route(app, medicalEndpoints.courses, () => service.courses());
}
