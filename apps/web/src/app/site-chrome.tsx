import { Link, NavLink } from 'react-router';
import { AccountMenu } from '@/features/auth/components/account-menu.tsx';

// Minimal chrome; the foundation issue completes it (sticky nav, mobile menu, account menu).
export function SiteNav() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
        <Link to="/" className="text-lg font-bold text-brand-700">Rankwise</Link>
        <NavLink to="/">Home</NavLink>
        <NavLink to="/about">About</NavLink>
        <NavLink to="/faq">FAQS</NavLink>
        <NavLink to="/contact">Contact us</NavLink>
        <NavLink to="/upcoming-features">Upcoming-Features</NavLink>
        <span className="ml-auto">
          <AccountMenu />
        </span>
      </nav>
    </header>
  );
}

export function SiteFooter() {
  return <footer className="border-t border-slate-200 bg-white px-4 py-6 text-sm text-slate-600">Rankwise</footer>;
}
