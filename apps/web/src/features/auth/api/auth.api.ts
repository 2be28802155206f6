import { authEndpoints, type LoginRequest, type RegisterRequest, type VerifyAccountRequest } from '@rankwise/contract/auth';
import { api } from '@/lib/api-client.ts';
import { refreshSession } from './session.api.ts';

// Kept beside the start-up refresh (session.api.ts), which must stay light; the sign-in forms import it from here too.
export { storeSession } from './session.api.ts';

export const authApi = {
  verifyAccount: (body: VerifyAccountRequest) => api(authEndpoints.verifyAccount, { body }),
  register: (body: RegisterRequest) => api(authEndpoints.register, { body }),
  login: (body: LoginRequest) => api(authEndpoints.login, { body }),
  google: (code: string, persist: boolean) => api(authEndpoints.google, { body: { code, persist } }),
  refresh: refreshSession,
  logout: () => api(authEndpoints.logoutPost),
  forgotPassword: (email: string) => api(authEndpoints.forgotPassword, { body: { email } }),
  verifyResetToken: (token: string) => api(authEndpoints.verifyResetToken, { body: { token } }),
  resetPassword: (token: string, newPassword: string) => api(authEndpoints.resetPassword, { body: { token, newPassword } }),
};
