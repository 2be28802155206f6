import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import type { ErrorBody } from '@rankwise/contract/errors';
import type { Config } from '../config.ts';

/** Content-hashed build output: a file there never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (the HTML, version.json, robots, favicons) is revalidated on each use (ETag). */
export const REVALIDATE = 'no-cache';

/** A path that names a file (an old chunk after a deploy, a missing image): a plain 404, never the app. */
const FILE_PATH = /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|txt|xml|json|webmanifest|br|gz)$/i;

/** The kinds of file the build writes .br and .gz copies of (apps/web/scripts/prerender.ts). */
const COMPRESSED_COPIES = /\.(?:js|css|html|svg|json|txt|xml|webmanifest|ico)(?:\.br|\.gz)?$/;

/**
 * The HTML the web build wrote per route (apps/web/scripts/prerender.ts): `<route>/index.html` a
 * prerendered page (listed in the sitemap), `<route>/shell.html` a page's loading frame.
 */
function builtPages(root: string): { pages: Map<string, string>; frames: Map<string, string> } {
  const pages = new Map<string, string>();
  const frames = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      if (name === 'assets') continue;
      if (statSync(file).isDirectory()) walk(file);
      else if (dir !== root && (name === 'index.html' || name === 'shell.html')) {
        const route = `/${path.relative(root, dir).split(path.sep).join('/')}`;
        (name === 'index.html' ? pages : frames).set(route, path.relative(root, file).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  if (existsSync(path.join(root, 'index.html'))) pages.set('/', 'index.html');
  return { pages, frames };
}

/**
 * Serves the built web app (apps/web/dist): hashed assets pre-compressed (brotli, gzip) and cached
 * for a year; prerendered pages for their routes; the app shell for every other page; robots.txt
 * and a sitemap of the prerendered pages.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const root = opts.config.WEB_DIST;
  const hasBuild = existsSync(path.join(root, 'index.html'));
  const { pages, frames } = hasBuild ? builtPages(root) : { pages: new Map<string, string>(), frames: new Map<string, string>() };
  // Builds from before prerendering have no shell.html: their index.html is the shell.
  const shell = existsSync(path.join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      // Looked up at request time, so a rebuild's new files are served without a restart.
      wildcard: true,
      index: false,
      // Serves `x.js.br` / `x.js.gz` (written by the build) to a browser that accepts them.
      preCompressed: true,
      // @fastify/static's own header (public, max-age=0) would replace ours.
      cacheControl: false,
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        res.setHeader('cache-control', rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
        // The answer depends on Accept-Encoding wherever the build wrote compressed copies.
        if (COMPRESSED_COPIES.test(rel)) res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // The prerendered pages and loading frames, each at its path (with or without a trailing slash).
  for (const [route, file] of [...pages, ...frames]) {
    const paths = route === '/' ? ['/'] : [route, `${route}/`];
    for (const url of paths) app.get(url, { schema: { hide: true } }, (_req, reply) => reply.sendFile(file));
  }

  const origin = opts.config.PUBLIC_URL.replace(/\/+$/, '');
  app.get('/robots.txt', { schema: { hide: true } }, (_req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', REVALIDATE)
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n${pages.size ? `\nSitemap: ${origin}/sitemap.xml\n` : ''}`),
  );
  if (pages.size) {
    const urls = [...pages.keys()].sort().map((route) => `  <url><loc>${origin}${route === '/' ? '/' : route}</loc></url>`);
    const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    app.get('/sitemap.xml', { schema: { hide: true } }, (_req, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', REVALIDATE).send(sitemap),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '';
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (isGet && !pathOnly.startsWith('/api/') && FILE_PATH.test(pathOnly)) {
      return reply.status(404).header('cache-control', REVALIDATE).type('text/plain; charset=utf-8').send('Not found');
    }
    if (isGet && !pathOnly.startsWith('/api/') && hasBuild) return reply.sendFile(shell);
    if (isGet && !pathOnly.startsWith('/api/')) {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ message: `No such endpoint: ${request.method} ${pathOnly}`, code: 'NOT_FOUND' } satisfies ErrorBody);
  });
});
