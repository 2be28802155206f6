import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useModal } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';

type NavigationApi = { currentEntry: { index: number } | null };

/**
 * Whether Back stays on this site. The Navigation API lists only this origin's entries of the tab
 * (`history.length` counts every site's, and the blank page a new tab starts on).
 */
function hasSiteEntryBefore(): boolean {
  const nav = (window as Window & { navigation?: NavigationApi }).navigation;
  if (nav?.currentEntry) return nav.currentEntry.index > 0;
  // Without it: a same-site page linked here.
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin && window.history.length > 1;
  } catch {
    return false;
  }
}

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
        // Arrived by a full page load (typed URL, link from a mail): the browser's own back, when
        // the entry before is this site's; a tab opened on this link has none (or about:blank).
        else if (hasSiteEntryBefore()) window.history.back();
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
