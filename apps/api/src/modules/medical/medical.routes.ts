import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the medical feature.
export const medicalRoutes: FastifyPluginAsyncZod = async () => {};
