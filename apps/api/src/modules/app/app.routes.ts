import { appEndpoints } from '@rankwise/contract/app';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { health, publicConfig, type AppServiceDeps } from './app.service.ts';

export async function appRoutes(app: FastifyInstance) {
  const deps: AppServiceDeps = { database: app.database, config: app.config, google: app.google, buildVersion: app.buildVersion };
  route(app, appEndpoints.health, async ({ reply }) => {
    const answer = await health(deps);
    // Load balancers read the status: a degraded service answers 503.
    if (answer.status !== 'ok') reply.status(503);
    return answer;
  });
  route(app, appEndpoints.config, () => publicConfig(deps));
}
