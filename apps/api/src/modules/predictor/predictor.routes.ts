import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the predictor feature.
export const predictorRoutes: FastifyPluginAsyncZod = async () => {};
