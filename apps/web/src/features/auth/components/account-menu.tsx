import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { authTexts } from '@rankwise/contract/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { adminLinks, rolesQuery } from '@/lib/roles.ts';
import { useSession } from '@/lib/stores/session.ts';
import { useLogout } from '../api/auth.queries.ts';

/**
 * The signed-in account menu: avatar, username, e-mail, Logout (loaded by AccountButtons); in the
 * mobile slide-in menu, the same listed in place.
 */
export function AccountMenu({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const user = useSession((s) => s.user);
  const queryClient = useQueryClient();
  const signOut = useLogout();
  const isAdmin = useQuery({ ...rolesQuery, enabled: Boolean(user) }).data?.data.roles.includes('admin') ?? false;
  // Signed out: AccountButtons shows Login and Signup instead.
  if (!user) return null;
  const logout = async () => {
    const s = useSession.getState();
    s.setIntendsToLogout(true);
    try {
      await signOut.mutateAsync();
      s.clear();
      // Nothing fetched for this student outlives the session (engineering and medical results alike).
      queryClient.clear();
      toast.success(authTexts.loggedOut);
    } catch {
      toast.error(authTexts.logoutFailed);
    } finally {
      s.setIntendsToLogout(false);
    }
  };
  const avatar = user.profilePicture ? (
    <img src={user.profilePicture} alt="" className="h-8 w-8 rounded-full" />
  ) : (
    <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
      {user.username.slice(0, 1).toUpperCase()}
    </span>
  );
  const itemClass = 'cursor-pointer rounded-md px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
  const who = (
    <div className="flex items-center gap-3 px-2 py-2">
      {avatar}
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900">{user.username}</p>
        <p className="truncate text-xs text-slate-600">{user.email}</p>
      </div>
    </div>
  );
  if (variant === 'mobile') {
    // Inside the slide-in menu the account is listed in place: a dropdown would open outside the panel.
    return (
      <div aria-label={`Account of ${user.username}`} role="group" className="flex flex-col">
        {who}
        <Link to="/sessions" className={clsx(itemClass, 'hover:bg-slate-100')}>
          My sessions
        </Link>
        <Link to="/choices" className={clsx(itemClass, 'hover:bg-slate-100')}>
          My choice lists
        </Link>
        <Link to="/counsellor" className={clsx(itemClass, 'hover:bg-slate-100')}>
          Counsellor profile
        </Link>
        {isAdmin
          ? adminLinks.map((l) => (
              <Link key={l.to} to={l.to} className={clsx(itemClass, 'hover:bg-slate-100')}>
                {l.label}
              </Link>
            ))
          : null}
        <button type="button" onClick={() => void logout()} className={clsx(itemClass, 'text-left hover:bg-slate-100')}>
          Logout
        </button>
      </div>
    );
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex items-center gap-2 rounded-full p-1 pr-3 hover:bg-slate-100" aria-label={`Account menu for ${user.username}`}>
        {avatar}
        <span className="text-sm font-medium text-slate-800">{user.username}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 min-w-56 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
          {who}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/sessions">My sessions</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/choices">My choice lists</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/counsellor">Counsellor profile</Link>
          </DropdownMenu.Item>
          {isAdmin
            ? adminLinks.map((l) => (
                <DropdownMenu.Item key={l.to} asChild className={itemClass}>
                  <Link to={l.to}>{l.label}</Link>
                </DropdownMenu.Item>
              ))
            : null}
          <DropdownMenu.Item onSelect={() => void logout()} className={itemClass}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
