import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppProviders } from './app/app.tsx';
import { pages } from './app/pages.tsx';
import { placeholderPages, prerenderedPages } from './app/prerendered-paths.ts';
import { defaultMeta, type RouteMeta } from './app/route-meta.ts';
import { AppRoutes, preloadPage } from './app/routes.tsx';

export { placeholderPages, prerenderedPages };

/**
 * Build-time entry (scripts/prerender.ts): a public page as a signed-out visitor first sees it, so
 * the browser shows it before any JavaScript runs, and main.tsx hydrates the same markup.
 */
export async function render(url: string): Promise<{ html: string; meta: RouteMeta }> {
  const path = new URL(url, 'http://localhost').pathname;
  await preloadPage(path);
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  return { html, meta: matchRoutes(pages, path)?.at(-1)?.route.meta ?? defaultMeta };
}
