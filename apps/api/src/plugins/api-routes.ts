import type { FastifyInstance } from 'fastify';
import { compressionPlugin } from './compression.ts';

/** Every contract endpoint is served under this prefix. */
export const API_PREFIX = '/api/v1';

/**
 * Registers a module's routes under /api/v1, with the API's answer compression (compression.ts;
 * the web app's files are not compressed here). Each module's `*.plugin.ts` calls this once for
 * its `*.routes.ts`, so app.ts registers only the modules' plugins.
 */
export async function registerApiRoutes(app: FastifyInstance, routes: (api: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(
    async (api) => {
      await api.register(compressionPlugin);
      await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
}
