import type { authEndpoints, SessionResponse } from '@rankwise/contract/auth';
import { api, endpointRef } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';

/** The start-up refresh runs on every page: named without loading the auth schemas (endpointRef). */
const refreshToken = endpointRef<typeof authEndpoints.refreshToken>({ method: 'POST', path: '/auth/refresh-token', access: 'public' });

export const refreshSession = () => api(refreshToken);

export function storeSession(res: SessionResponse): void {
  const { user, accessToken } = res.data ?? res;
  useSession.getState().setSession({ username: user.username, email: user.email, profilePicture: user.profilePicture }, accessToken);
}
