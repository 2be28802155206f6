import { engineeringEndpoints } from '@rankwise/contract/engineering';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as engineering from './engineering.service.ts';

export async function engineeringRoutes(app: FastifyInstance) {
  // The answer is built by the service in the schema's shape: sent as it is (lib/route.ts).
  route(app, engineeringEndpoints.preferences, ({ user, request, body }) => engineering.search(app.engineering, { user, ip: request.ip }, body), {
    trustedAnswer: true,
  });
}
