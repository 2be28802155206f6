import { existsSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@rankwise/contract/errors';
import type { Config } from '../config.ts';

/** Serves the built SPA: real files as they are, every other non-API GET gets index.html. */
export const webPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const root = opts.config.WEB_DIST;
  const hasBuild = existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; the shell and the version marker must always be revalidated.
        if (filePath.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathOnly.startsWith('/api/');
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (wantsPage) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathOnly}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
});
