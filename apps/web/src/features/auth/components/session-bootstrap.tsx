import { useEffect } from 'react';
import { toast } from 'sonner';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';
import { authApi, storeSession } from '../api/auth.api.ts';
import { authTexts } from '@rankwise/contract/auth';

/**
 * Spec §4 Session: a silent refresh at start-up when 'keep me logged in' is on, and the refresher
 * the API client calls once on 'Access token expired'. A refresh that fails signs out.
 */
export function SessionBootstrap() {
  useEffect(() => {
    setTokenRefresher(async () => {
      try {
        const res = await authApi.refresh();
        storeSession(res);
        return res.accessToken;
      } catch {
        useSession.getState().clear();
        toast.error(authTexts.refreshFailed);
        return null;
      }
    });
    const s = useSession.getState();
    if (s.persist && !s.accessToken) {
      s.setRestoring(true);
      authApi
        .refresh()
        .then(storeSession)
        // No live session on this device: a visitor, nothing to announce.
        .catch(() => useSession.getState().clear())
        .finally(() => useSession.getState().setRestoring(false));
    }
    return () => setTokenRefresher(null);
  }, []);
  return null;
}
