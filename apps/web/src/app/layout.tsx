import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ErrorBoundary } from '@/components/ui/error-boundary.tsx';
import { useTrackNavigation } from '@/lib/navigation.ts';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap.tsx';
import { DocumentMeta } from './document-meta.tsx';
import { ErrorFallback } from './error-fallback.tsx';
import { ScrollRestoration } from './scroll-restoration.tsx';
import { Modals } from './modals.tsx';
import { SiteFooter, SiteNav } from './site-chrome.tsx';
import { DeferredToaster } from './toaster.tsx';
import { UpdateNotice } from './update-notice.tsx';

/** Navigation, page, footer, modal registry, toasts and the app-wide watchers around every route. */
export function Layout() {
  const location = useLocation();
  useTrackNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-[60] focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* Back and Forward return to where the page was (a results list with its loaded pages); a new page starts at the top. */}
      <ScrollRestoration />
      <DocumentMeta />
      <SessionBootstrap />
      <UpdateNotice />
      <SiteNav />
      <div id="main" className="flex-1">
        <ErrorBoundary resetKey={location.pathname} fallback={(reset) => <ErrorFallback onReset={reset} />}>
          {/* A page whose code is still loading keeps the current one (navigations are transitions). */}
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </div>
      <SiteFooter />
      <Modals />
      <DeferredToaster />
    </div>
  );
}
