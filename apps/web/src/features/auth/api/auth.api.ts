import { authEndpoints, type LoginRequest, type RegisterRequest, type SessionResponse, type VerifyAccountRequest } from '@rankwise/contract/auth';
import { api } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';

export const authApi = {
  verifyAccount: (body: VerifyAccountRequest) => api(authEndpoints.verifyAccount, { body }),
  register: (body: RegisterRequest) => api(authEndpoints.register, { body }),
  login: (body: LoginRequest) => api(authEndpoints.login, { body }),
  google: (code: string, persist: boolean) => api(authEndpoints.google, { body: { code, persist } }),
  refresh: () => api(authEndpoints.refreshToken),
  logout: () => api(authEndpoints.logoutPost),
  forgotPassword: (email: string) => api(authEndpoints.forgotPassword, { body: { email } }),
  verifyResetToken: (token: string) => api(authEndpoints.verifyResetToken, { body: { token } }),
  resetPassword: (token: string, newPassword: string) => api(authEndpoints.resetPassword, { body: { token, newPassword } }),
};

export function storeSession(res: SessionResponse): void {
  const { user, accessToken } = res.data ?? res;
  useSession.getState().setSession({ username: user.username, email: user.email, profilePicture: user.profilePicture }, accessToken);
}
