import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

/** auth/login: opens the login modal on load; home after signing in or dismissing. */
export function LoginRoute() {
  const open = useModal((s) => s.open);
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.accessToken !== null);
  useEffect(() => {
    if (signedIn) navigate('/', { replace: true });
    else open('login', { onDismiss: () => navigate('/', { replace: true }) });
  }, [signedIn, open, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Sign in to Rankwise</h1>
    </main>
  );
}
