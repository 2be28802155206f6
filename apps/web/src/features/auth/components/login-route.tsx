import { authTexts } from '@rankwise/contract/auth';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

/** auth/login: opens the login modal on load; home after signing in or dismissing. */
export function LoginRoute() {
  const open = useModal((s) => s.open);
  const navigate = useNavigate();
  const signedIn = useSession((s) => s.accessToken !== null);
  const restoring = useSession((s) => s.restoring);
  const decided = useRef(false);
  useEffect(() => {
    // Wait for the start-up refresh: a kept session means the student is already signed in.
    if (restoring) return;
    if (!decided.current) {
      decided.current = true;
      if (signedIn) {
        toast.info(authTexts.alreadyLoggedIn);
        navigate('/', { replace: true });
      } else {
        open('login', { onDismiss: () => navigate('/', { replace: true }) });
      }
      return;
    }
    if (signedIn) navigate('/', { replace: true });
  }, [restoring, signedIn, open, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Sign in to Rankwise</h1>
    </main>
  );
}
