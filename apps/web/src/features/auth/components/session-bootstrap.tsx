import { authTexts } from '@rankwise/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';
import { authApi, storeSession } from '../api/auth.api.ts';
import { sessionRestoreQuery } from '../api/auth.queries.ts';

// What the API client calls once on 'Access token expired' (spec §7): a refresh that fails signs out.
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

/** Spec §4 Session: the silent refresh at start-up when 'keep me logged in' is on. */
export function SessionBootstrap() {
  const restoring = useSession((s) => s.restoring);
  useQuery({ ...sessionRestoreQuery, enabled: restoring });
  return null;
}
