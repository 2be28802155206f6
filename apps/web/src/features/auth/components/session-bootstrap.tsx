import { useQuery } from '@tanstack/react-query';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';
import { refreshSession, sessionRestoreQuery, storeSession } from '../api/session.api.ts';

// What the API client calls once on 'Access token expired' (spec §7): a refresh that fails signs out.
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

/** Spec §4 Session: the silent refresh at start-up when 'keep me logged in' is on. */
export function SessionBootstrap() {
  const restoring = useSession((s) => s.restoring);
  useQuery({ ...sessionRestoreQuery, enabled: restoring });
  return null;
}
