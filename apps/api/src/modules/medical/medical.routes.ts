import { medicalEndpoints } from '@rankwise/contract/medical';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { courses, search } from './medical.service.ts';

/** The NEET PG predictor. */
export async function medicalRoutes(app: FastifyInstance) {
  const deps = app.medical;
  // The answer is built by the service in the schema's shape: sent as it is (lib/route.ts).
  route(app, medicalEndpoints.preferences, ({ user, request, body }) => search(deps, { user, ip: request.ip }, body), { trustedAnswer: true });
  route(app, medicalEndpoints.courses, () => courses(deps));
}
