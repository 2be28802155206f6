import { healthResponseSchema, publicConfigSchema } from '@rankwise/contract/app';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/client.ts';

export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['app'], summary: 'Service and database state', response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      const db = await pingDatabase(app.database);
      const body = {
        status: db.ok ? ('ok' as const) : ('degraded' as const),
        database: { kind: app.database.kind, ...db },
        version: app.buildVersion,
      };
      return reply.status(db.ok ? 200 : 503).send(body);
    },
  );

  app.get('/app/config', { schema: { tags: ['app'], summary: 'Public configuration for the web app', response: { 200: publicConfigSchema } } }, async () => ({
    productName: app.config.PRODUCT_NAME,
    companyLegalName: app.config.COMPANY_LEGAL_NAME,
    supportEmail: app.config.SUPPORT_EMAIL,
    google: await app.google.publicConfig(),
  }));
};
