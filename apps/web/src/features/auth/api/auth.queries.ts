import { queryOptions, useMutation } from '@tanstack/react-query';
import { useSession } from '@/lib/stores/session.ts';
import { takeGoogleState } from '../google.ts';
import { authApi, storeSession } from './auth.api.ts';

/** One-shot calls whose answer decides where a page goes: asked once, never again while it is shown. */
const once = { retry: false, staleTime: Infinity } as const;

/** Spec §2 `auth/verify-reset-token/{token}`: is the e-mailed link still good? */
export function resetTokenCheckQuery(token: string) {
  return queryOptions({ queryKey: ['auth', 'reset-token', token], queryFn: () => authApi.verifyResetToken(token), ...once, gcTime: 0 });
}

/**
 * Google's redirect back with a sign-in code: the code is exchanged for a session (once: the
 * pending sign-in's state is taken as the call starts). Answers who signed in and where they were.
 */
export function googleSignInQuery(code: string | null, state: string | null) {
  return queryOptions({
    queryKey: ['auth', 'google', code, state],
    queryFn: async () => {
      const pending = takeGoogleState(state);
      if (!pending || !code) throw new Error('No Google sign-in is in progress in this tab.');
      const res = await authApi.google(code, pending.persist);
      useSession.getState().setPersist(pending.persist);
      storeSession(res);
      return { username: res.user.username, returnTo: pending.returnTo };
    },
    ...once,
    gcTime: Infinity,
  });
}

export const useLogin = () => useMutation({ mutationFn: authApi.login });
/** Spec §4 Registration step 2 (and Resend): e-mails a 6-digit code. */
export const useRequestCode = () => useMutation({ mutationFn: authApi.verifyAccount });
export const useRegister = () => useMutation({ mutationFn: authApi.register });
export const useForgotPassword = () => useMutation({ mutationFn: authApi.forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: (v: { token: string; password: string }) => authApi.resetPassword(v.token, v.password) });
export const useLogout = () => useMutation({ mutationFn: authApi.logout });
