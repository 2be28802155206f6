import { chanceEndpoints } from '@rankwise/contract/chance';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { dataSets, methodology } from './chance.service.ts';

export async function chanceRoutes(app: FastifyInstance) {
  const deps = app.chance;
  route(app, chanceEndpoints.methodology, () => methodology(deps));
  route(app, chanceEndpoints.dataSets, () => dataSets(deps));
}
