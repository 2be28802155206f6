import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap.tsx';
import { Modals } from './modals.tsx';
import { SiteFooter, SiteNav } from './site-chrome.tsx';
import { UpdateNotice } from './update-notice.tsx';

/** Navigation, page, footer, modal registry, toasts and the app-wide watchers around every route. */
export function Layout() {
  return (
    <div className="flex min-h-screen flex-col">
      <SessionBootstrap />
      <UpdateNotice />
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
