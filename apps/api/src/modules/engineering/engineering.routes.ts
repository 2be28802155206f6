import { engineeringEndpoints } from '@rankwise/contract/engineering';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { search } from './engineering.service.ts';

export async function engineeringRoutes(app: FastifyInstance) {
  const deps = app.engineering;
  // The answer is built by the service in the schema's shape: sent as it is (lib/route.ts).
  route(app, engineeringEndpoints.preferences, ({ user, request, body }) => search(deps, { user, ip: request.ip }, body), { trustedAnswer: true });
}
