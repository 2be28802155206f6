import clsx from 'clsx';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { AccountButtons } from '@/features/auth/components/account-buttons.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { useModal } from '@/lib/stores/modals.ts';

// The slide-in menu (a dialog) is its own chunk, loaded when first opened.
const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })));

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/faq', label: 'FAQS' },
  { to: '/contact', label: 'Contact us' },
];

/** Spec §2 Layout: the navigation turns sticky after the page scrolls beyond 13% of the viewport. */
export const STICKY_AFTER = 0.13;

function useSticky(): boolean {
  const [sticky, setSticky] = useState(false);
  useEffect(() => {
    const onScroll = () => setSticky(window.scrollY > window.innerHeight * STICKY_AFTER);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return sticky;
}

function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-brand-900" aria-label="Rankwise home">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      Rankwise
    </Link>
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  clsx('rounded-md px-3 py-2 text-sm font-medium transition', isActive ? 'text-brand-700' : 'text-slate-700 hover:text-brand-700');

export function SiteNav() {
  const sticky = useSticky();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Close the mobile menu after navigating, and when a modal opens (it would stay open behind it).
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setMenuOpen(false);
  }
  const modal = useModal((s) => s.current?.name ?? null);
  const [lastModal, setLastModal] = useState(modal);
  if (lastModal !== modal) {
    setLastModal(modal);
    if (modal) setMenuOpen(false);
  }
  return (
    <>
      {sticky ? <div aria-hidden="true" className="h-16" /> : null}
      <header
        data-sticky={sticky}
        className={clsx('z-40 w-full border-b border-slate-200 bg-white/95 backdrop-blur', sticky ? 'fixed inset-x-0 top-0 shadow-md' : 'relative')}
      >
        <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
          <Logo />
          <div className="ml-6 hidden items-center gap-1 md:flex">
            {links.map((l) => (
              <NavLink key={l.to} to={l.to} end className={linkClass}>
                {l.label}
              </NavLink>
            ))}
            <NavLink to="/upcoming-features" className={(s) => clsx(linkClass(s), 'animate-blink')}>
              Upcoming-Features
            </NavLink>
          </div>
          <div className="ml-auto hidden md:block">
            <AccountButtons />
          </div>
          <button
            type="button"
            className="ml-auto rounded-md p-2 text-slate-800 hover:bg-slate-100 md:hidden"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {menuOpen ? (
            <Suspense fallback={null}>
              <MobileMenu onClose={() => setMenuOpen(false)} links={links} linkClass={linkClass} />
            </Suspense>
          ) : null}
        </nav>
      </header>
    </>
  );
}

export function SiteFooter() {
  const config = useAppConfig();
  return (
    <footer className="border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{config.productName}</p>
          <p className="mt-1 text-sm">a data-driven college advisor</p>
          <p className="mt-3 text-sm">
            <a className="underline hover:text-white" href={`mailto:${config.supportEmail}`}>
              {config.supportEmail}
            </a>
          </p>
        </div>
        <nav aria-label="Company" className="flex flex-col gap-2 text-sm">
          <Link className="hover:text-white" to="/about">
            About us
          </Link>
          <Link className="hover:text-white" to="/contact">
            Contact us
          </Link>
          <Link className="hover:text-white" to="/faq">
            FAQ
          </Link>
          <Link className="hover:text-white" to="/methodology">
            How chances are computed
          </Link>
          <Link className="hover:text-white" to="/upcoming-features">
            Upcoming features
          </Link>
        </nav>
        <nav aria-label="Help and policies" className="flex flex-col gap-2 text-sm">
          <Link className="hover:text-white" to="/help-center">
            Help center
          </Link>
          <Link className="hover:text-white" to="/feedback">
            Feedback
          </Link>
          <Link className="hover:text-white" to="/privacy-policy">
            Privacy policy
          </Link>
          <Link className="hover:text-white" to="/terms">
            Terms &amp; conditions
          </Link>
        </nav>
      </div>
      {/* Prerendered at build time: a page built in one year and opened in the next keeps the built year until it re-renders. */}
      <p className="border-t border-slate-800 px-4 py-4 text-center text-xs text-slate-400" suppressHydrationWarning>
        © {new Date().getFullYear()} {config.companyLegalName}. All rights reserved.
      </p>
    </footer>
  );
}
