import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { Modals } from './modals.tsx';
import { SiteFooter, SiteNav } from './site-chrome.tsx';

/** Navigation, page, footer, modal registry and toasts around every route. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteNav />
      <div className="flex-1">
        <Outlet />
      </div>
      <SiteFooter />
      <Modals />
      <Toaster position="top-center" richColors closeButton />
    </div>
  );
}
