import { useEffect } from 'react';
import { toast } from 'sonner';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useModal, type ModalName } from '@/lib/stores/modals.ts';
import { mayHaveSession, useSession } from '@/lib/stores/session.ts';
import { authApi, storeSession } from '../api/auth.api.ts';
import { authTexts } from '@rankwise/contract/auth';

const signInModals: ModalName[] = ['login', 'register', 'verificationOtp', 'forgotPassword'];

/**
 * A session that ended while the student was using the site (the refresh failed): one message,
 * then the sign-in prompt over the same page, which reloads its data once they are back.
 */
function sessionEnded(): void {
  useSession.getState().clear();
  // One toast however many calls found out at once.
  toast.error(authTexts.refreshFailed, { id: 'session-ended' });
  const modal = useModal.getState();
  if (!modal.name || !signInModals.includes(modal.name)) modal.open('login');
}

/**
 * Spec §4 Session: a silent refresh at start-up when this browser may hold a session (the
 * server's marker cookie: kept 30 days with 'keep me logged in', until the browser closes
 * without), and the refresher the API client calls once on 'Access token expired'.
 */
export function SessionBootstrap() {
  useEffect(() => {
    setTokenRefresher(async () => {
      try {
        const res = await authApi.refresh();
        storeSession(res);
        return res.accessToken;
      } catch {
        sessionEnded();
        return null;
      }
    });
    const s = useSession.getState();
    if (!s.accessToken && mayHaveSession()) {
      s.setRestoring(true);
      authApi
        .refresh()
        .then(storeSession)
        // The session ended while the browser was away: nothing to announce.
        .catch(() => useSession.getState().clear())
        .finally(() => useSession.getState().setRestoring(false));
    } else if (s.restoring) {
      s.setRestoring(false);
    }
    return () => setTokenRefresher(null);
  }, []);
  return null;
}
