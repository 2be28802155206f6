import { errorResponses } from '@rankwise/contract/errors';
import {
  MEDICAL_COURSES_PATH,
  MEDICAL_PAGE_SIZE_SUBMIT,
  medicalCourseCatalogSchema,
  medicalPreferencesSchema,
  medicalResultsResponseSchema,
} from '@rankwise/contract/medical';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceVisitorLimits } from '../../lib/preference-limits.ts';
import { optionalUser } from '../../plugins/auth.ts';
import { createMedicalRepository } from './medical.repository.ts';
import { assertKnownCourses, findMedicalColleges, medicalCourseCatalog, preferenceSet } from './medical.service.ts';

// Routes of the medical feature (NEET PG predictor).
export const medicalRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createMedicalRepository(app.database.db);
  app.post(
    '/medical-college/preferences',
    {
      schema: {
        tags: ['medical'],
        summary: 'NEET PG seats (MCC All India counselling) a rank can reach',
        body: medicalPreferencesSchema,
        response: { 200: medicalResultsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = optionalUser(request);
      // A visitor sees the first page only.
      const prefs = enforceVisitorLimits(user, request.body, MEDICAL_PAGE_SIZE_SUBMIT);
      await assertKnownCourses(repo, prefs.courses);
      await app.submissionLimiter.check(request, user, 'medical', preferenceSet(prefs));
      return findMedicalColleges(repo, prefs);
    },
  );
  app.get(
    MEDICAL_COURSES_PATH,
    {
      schema: {
        tags: ['medical'],
        summary: 'The course catalogue of the NEET PG form, grouped by degree',
        response: { 200: medicalCourseCatalogSchema, ...errorResponses },
      },
    },
    async () => medicalCourseCatalog(repo),
  );
};
