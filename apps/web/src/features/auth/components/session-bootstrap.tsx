import { useEffect } from 'react';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';
import { refreshSession, storeSession } from '../api/session.api.ts';

/**
 * Spec §4 Session: a silent refresh at start-up when 'keep me logged in' is on, and the refresher
 * the API client calls once on 'Access token expired'. A refresh that fails signs out.
 */
export function SessionBootstrap() {
  useEffect(() => {
    setTokenRefresher(async () => {
      try {
        const res = await refreshSession();
        storeSession(res);
        return res.accessToken;
      } catch {
        useSession.getState().clear();
        // The texts (with the auth schemas) and toasts are loaded when needed, not on every page's first load.
        const [{ authTexts }, { toast }] = await Promise.all([import('@rankwise/contract/auth'), import('sonner')]);
        toast.error(authTexts.refreshFailed);
        return null;
      }
    });
    const s = useSession.getState();
    if (s.persist && !s.accessToken) {
      s.setRestoring(true);
      refreshSession()
        .then(storeSession)
        // No live session on this device: a visitor, nothing to announce.
        .catch(() => useSession.getState().clear())
        .finally(() => useSession.getState().setRestoring(false));
    }
    return () => setTokenRefresher(null);
  }, []);
  return null;
}
