/**
 * Public pages whose first screen needs no data: rendered to HTML at build time (scripts/prerender.ts)
 * as a signed-out visitor sees them, served for their paths (apps/api/src/plugins/web.ts) and hydrated.
 */
export const prerenderedPaths = [
  '/',
  '/about',
  '/privacy-policy',
  '/terms',
  '/help-center',
  '/contact',
  '/faq',
  '/feedback',
  '/upcoming-features',
  '/start',
] as const;
