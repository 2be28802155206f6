import type { LoginRequest, RegisterRequest, SessionResponse, VerifyAccountRequest, VerifyResetTokenResponse } from '@rankwise/contract/auth';
import type { MessageResponse } from '@rankwise/contract/app';
import { apiRequest } from '@/lib/api-client.ts';
import { useSession } from '@/lib/stores/session.ts';

export const authApi = {
  verifyAccount: (body: VerifyAccountRequest) => apiRequest<MessageResponse>('POST', '/auth/verify-account', { body, noRetry: true }),
  register: (body: RegisterRequest) => apiRequest<MessageResponse>('POST', '/auth/register', { body, noRetry: true }),
  login: (body: LoginRequest) => apiRequest<SessionResponse>('POST', '/auth/login', { body, noRetry: true }),
  google: (code: string, persist: boolean) => apiRequest<SessionResponse>('POST', '/auth/google', { body: { code, persist }, noRetry: true }),
  refresh: () => apiRequest<SessionResponse>('POST', '/auth/refresh-token', { noRetry: true }),
  logout: () => apiRequest<MessageResponse>('GET', '/auth/logout', { noRetry: true }),
  forgotPassword: (email: string) => apiRequest<MessageResponse>('POST', '/auth/forgot-password', { body: { email }, noRetry: true }),
  verifyResetToken: (token: string) => apiRequest<VerifyResetTokenResponse>('POST', '/auth/verify-reset-token', { body: { token }, noRetry: true }),
  resetPassword: (token: string, newPassword: string) =>
    apiRequest<MessageResponse>('POST', '/auth/reset-password', { body: { token, newPassword }, noRetry: true }),
};

export function storeSession(res: SessionResponse): void {
  const { user, accessToken } = res.data ?? res;
  useSession.getState().setSession({ username: user.username, email: user.email, profilePicture: user.profilePicture }, accessToken);
}
