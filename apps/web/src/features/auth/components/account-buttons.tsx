import clsx from 'clsx';
import { lazy, Suspense } from 'react';
import { buttonStyles } from '@/components/ui/button.tsx';
import { useHydrated } from '@/lib/hydrated.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

// The signed-in menu (a dropdown, logout) is its own chunk: a visitor's first load does without it.
const AccountMenu = lazy(() => import('./account-menu.tsx').then((m) => ({ default: m.AccountMenu })));

/** Login and Signup buttons, or (signed in) the account menu: avatar, username, e-mail, Logout. */
export function AccountButtons({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const user = useSession((s) => s.user);
  const open = useModal((s) => s.open);
  const restoring = useSession((s) => s.restoring);
  const inBrowser = useHydrated();
  // A student back on the site whose start-up refresh has not answered yet (a slow network) is not
  // shown as signed out: Login and Signup would invite them to sign in again over what they were doing.
  if (restoring && inBrowser) return <span className="block h-10 w-32" aria-busy="true" />;
  if (user) {
    return (
      <Suspense fallback={<span className="block h-10 w-32" />}>
        <AccountMenu variant={variant} />
      </Suspense>
    );
  }
  return (
    <span className={variant === 'mobile' ? 'flex flex-col gap-2' : 'flex gap-2'}>
      <button type="button" className={clsx(buttonStyles.secondary, 'py-2')} onClick={() => open('login')}>
        Login
      </button>
      <button type="button" className={clsx(buttonStyles.primary, 'py-2')} onClick={() => open('register')}>
        Signup
      </button>
    </span>
  );
}
