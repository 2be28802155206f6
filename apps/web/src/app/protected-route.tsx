import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

/**
 * Spec §2: without a token the login modal opens over the intended page; after login the page
 * shows; dismissing goes back (or home when there is no history). A page with its own signed-out
 * state (`showSignedOut`: the reviews page's 'Please sign in to write a review') shows it beneath.
 */
export function ProtectedRoute({ children, showSignedOut = false }: { children: ReactNode; showSignedOut?: boolean }) {
  const signedIn = useSession((s) => s.accessToken !== null);
  const restoring = useSession((s) => s.restoring);
  const open = useModal((s) => s.open);
  const navigate = useNavigate();
  useEffect(() => {
    if (signedIn || restoring) return;
    open('login', {
      onDismiss: () => {
        if (useSession.getState().accessToken) return;
        if (window.history.state?.idx > 0) navigate(-1);
        // Arrived by a full page load (typed URL, link from a mail): the browser's own back.
        else if (window.history.length > 1) window.history.back();
        else navigate('/', { replace: true });
      },
    });
  }, [signedIn, restoring, open, navigate]);
  if (signedIn || (showSignedOut && !restoring)) return <>{children}</>;
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center" aria-busy={restoring}>
      <p className="text-slate-700">{restoring ? 'Loading…' : 'Please sign in to continue.'}</p>
    </main>
  );
}
