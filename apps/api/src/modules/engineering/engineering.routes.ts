import { errorResponses } from '@rankwise/contract/errors';
import { ENGINEERING_PAGE_SIZE, engineeringPreferencesSchema, engineeringResultsResponseSchema } from '@rankwise/contract/engineering';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceVisitorLimits } from '../../lib/preference-limits.ts';
import { optionalUser } from '../../plugins/auth.ts';
import { createEngineeringRepository } from './engineering.repository.ts';
import { findColleges, preferenceSet } from './engineering.service.ts';

export const engineeringRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createEngineeringRepository(app.database.db);
  app.post(
    '/college/preferences',
    {
      schema: {
        tags: ['engineering'],
        summary: 'Engineering programs a JEE Main / JEE Advanced / CSAB rank can reach',
        body: engineeringPreferencesSchema,
        response: { 200: engineeringResultsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = optionalUser(request);
      // A visitor sees the first page only.
      const prefs = enforceVisitorLimits(user, request.body, ENGINEERING_PAGE_SIZE);
      await app.submissionLimiter.check(request, user, 'engineering', preferenceSet(prefs));
      return findColleges(repo, prefs);
    },
  );
};
