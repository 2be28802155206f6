import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { pages } from './app/pages.tsx';
import { prerenderedPaths } from './app/prerendered-paths.ts';
import { defaultMeta, type RouteMeta } from './app/route-meta.ts';
import { AppRoutes, preloadPage } from './app/routes.tsx';

export { prerenderedPaths };

/**
 * Build-time entry (scripts/prerender.ts): a public page as a signed-out visitor first sees it, so
 * the browser shows it before any JavaScript runs, and main.tsx hydrates the same markup.
 */
export async function render(path: string): Promise<{ html: string; meta: RouteMeta }> {
  await preloadPage(path);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { html, meta: matchRoutes(pages, path)?.at(-1)?.route.meta ?? defaultMeta };
}
