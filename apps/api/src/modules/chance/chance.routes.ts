import { chanceEndpoints } from '@rankwise/contract/chance';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { createChanceRepository } from './chance.repository.ts';
import { createChanceService } from './chance.service.ts';

export async function chanceRoutes(app: FastifyInstance) {
  const service = createChanceService({ repo: createChanceRepository(app.database.db) });
  route(app, chanceEndpoints.methodology, () => service.methodology());
  route(app, chanceEndpoints.dataSets, () => service.dataSets());
}
