import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Contact, help-center and feedback forms (spec §4 Contact form, DECISIONS.md).
export const contactRoutes: FastifyPluginAsyncZod = async () => {};
