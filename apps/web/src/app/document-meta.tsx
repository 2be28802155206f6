import { useEffect } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { pages } from './pages.tsx';
import { defaultMeta } from './route-meta.ts';

/**
 * Keeps <title> and the meta description in step with the page on every navigation (prerendered
 * pages already arrive with theirs: scripts/prerender.ts writes the same values).
 */
export function DocumentMeta() {
  const { pathname } = useLocation();
  const meta = matchRoutes(pages, pathname)?.at(-1)?.route.meta ?? defaultMeta;
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  return null;
}
