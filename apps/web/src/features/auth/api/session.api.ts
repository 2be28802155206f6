import type { authEndpoints, SessionResponse } from '@rankwise/contract/auth';
import { queryOptions } from '@tanstack/react-query';
import { api, endpointRef } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';

/** The start-up refresh runs on every page: named without loading the auth schemas (endpointRef). */
const refreshToken = endpointRef<typeof authEndpoints.refreshToken>({ method: 'POST', path: '/auth/refresh-token', access: 'public' });

export const refreshSession = () => api(refreshToken);

export function storeSession(res: SessionResponse): void {
  const { user, accessToken } = res.data ?? res;
  useSession.getState().setSession({ username: user.username, email: user.email, profilePicture: user.profilePicture }, accessToken);
}

/**
 * Spec §4 Session: the silent refresh at start-up when this browser may hold a session (the session
 * store starts `restoring` when the server's marker cookie is there, so protected pages wait for
 * it). The session ended meanwhile: nothing to say.
 */
export const sessionRestoreQuery = queryOptions({
  queryKey: ['auth', 'restore'],
  queryFn: async () => {
    try {
      storeSession(await refreshSession());
      return true;
    } catch {
      useSession.getState().clear();
      return false;
    } finally {
      useSession.getState().setRestoring(false);
    }
  },
  retry: false,
  staleTime: Infinity,
  gcTime: Infinity,
});
