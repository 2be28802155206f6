import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Routes of the auth feature.
export const authRoutes: FastifyPluginAsyncZod = async () => {};
