import { chanceEndpoints } from '@rankwise/contract/chance';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as chance from './chance.service.ts';

export async function chanceRoutes(app: FastifyInstance) {
  route(app, chanceEndpoints.methodology, () => chance.methodology(app.chance));
}
