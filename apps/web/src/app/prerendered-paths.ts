/**
 * What the build renders to HTML (scripts/prerender.ts), served for these paths by
 * apps/api/src/plugins/web.ts. `module` is the page's source file: the HTML preloads its chunk
 * (the build checks that it exists as a page chunk).
 */
export type BuildPage = { path: string; module: string };

/** Public pages whose first screen needs no data: rendered as a signed-out visitor sees them, and hydrated. */
export const prerenderedPages: BuildPage[] = [
  { path: '/', module: 'src/features/landing/components/landing-page.tsx' },
  { path: '/about', module: 'src/features/static-pages/components/about-page.tsx' },
  { path: '/privacy-policy', module: 'src/features/static-pages/components/privacy-policy-page.tsx' },
  { path: '/terms', module: 'src/features/static-pages/components/terms-page.tsx' },
  { path: '/help-center', module: 'src/features/static-pages/components/help-center-page.tsx' },
  { path: '/contact', module: 'src/features/contact/components/contact-page.tsx' },
  { path: '/faq', module: 'src/features/static-pages/components/faq-page.tsx' },
  { path: '/feedback', module: 'src/features/static-pages/components/feedback-page.tsx' },
  { path: '/upcoming-features', module: 'src/features/static-pages/components/upcoming-features-page.tsx' },
  { path: '/start', module: 'src/app/start-page.tsx' },
];

export const prerenderedPaths = prerenderedPages.map((p) => p.path);

/**
 * The results pages' frame while their first page of results loads (heading, controls, skeleton
 * cards), rendered from `url` (any valid preferences: the parts that depend on them are not shown
 * before the answer). Served for `path` whatever the query, and replaced, not hydrated, by the first
 * render: the heading shows at once and nothing moves.
 */
export const placeholderPages: (BuildPage & { url: string })[] = [
  {
    path: '/colleges',
    url: '/colleges?examType=MAINS&rank=1&seatType=OPEN&gender=Male&homeState=Delhi&sportsFacility=Yes&hostelFacility=Yes&messFacility=Yes',
    module: 'src/features/engineering/components/colleges-page.tsx',
  },
  {
    path: '/medical-colleges',
    url: '/medical-colleges?rank=1&category=General&quota=All+India',
    module: 'src/features/medical/components/medical-colleges-page.tsx',
  },
];
