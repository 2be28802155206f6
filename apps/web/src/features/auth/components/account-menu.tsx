import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

/** Login and Signup buttons, or (signed in) the account menu. The accounts issue completes it. */
export function AccountMenu({ variant = 'desktop' }: { variant?: 'desktop' | 'mobile' }) {
  const user = useSession((s) => s.user);
  const open = useModal((s) => s.open);
  if (user) return <span className={variant === 'mobile' ? 'block' : undefined}>{user.username}</span>;
  return (
    <span className={variant === 'mobile' ? 'flex flex-col gap-2' : 'flex gap-2'}>
      <button type="button" onClick={() => open('login')}>Login</button>
      <button type="button" onClick={() => open('register')}>Signup</button>
    </span>
  );
}
