import { appEndpoints } from '@rankwise/contract/app';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { health, publicConfig } from './app.service.ts';

export async function appRoutes(app: FastifyInstance) {
  const deps = app.appModule;
  route(app, appEndpoints.health, async ({ reply }) => {
    const answer = await health(deps);
    // Load balancers read the status: without its database an instance cannot serve (503). Without
    // Redis it can, counting limits itself: still 200, so a Redis outage takes no instance out.
    if (!answer.database.ok) reply.status(503);
    return answer;
  });
  route(app, appEndpoints.config, () => publicConfig(deps));
}
