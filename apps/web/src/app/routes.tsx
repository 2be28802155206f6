import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { Layout } from './layout.tsx';
import { pages } from './pages.tsx';

/**
 * React Router in declarative mode (docs/decisions/0015-light-first-load.md): every page inside the
 * layout, each page its own chunk (pages.tsx).
 */
export const routes: RouteObject[] = [{ element: <Layout />, children: pages.map((p) => ({ path: p.path, element: p.element })) }];

/** The routes for the current location, under the spec's error-boundary fallback. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <ErrorBoundary fallback={(reset) => <ErrorFallback onReset={reset} />}>{element}</ErrorBoundary>;
}

/** Loads the code of the page at `pathname` (before the first render: no flash, and hydration as prerendered). */
export async function preloadPage(pathname: string): Promise<void> {
  const matched = matchRoutes(pages, pathname) ?? [];
  await Promise.all(matched.map((m) => m.route.preload()));
}
