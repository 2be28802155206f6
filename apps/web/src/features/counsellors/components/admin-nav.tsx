import clsx from 'clsx';
import { NavLink } from 'react-router';

/** The admin pages: counsellor applications, profile changes, session disputes, payouts and the data's rounds. */
export function AdminNav() {
  const link = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'rounded-lg border px-3 py-1.5 text-sm font-medium',
      isActive ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-800',
    );
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-2">
      <NavLink to="/admin/counsellors" end className={link}>
        Counsellor applications
      </NavLink>
      <NavLink to="/admin/profile-changes" end className={link}>
        Profile changes
      </NavLink>
      <NavLink to="/admin/disputes" end className={link}>
        Session disputes
      </NavLink>
      <NavLink to="/admin/payouts" end className={link}>
        Payouts
      </NavLink>
      <NavLink to="/admin/data" end className={link}>
        Add a counselling round
      </NavLink>
    </nav>
  );
}
