import { create } from 'zustand';

export type AuthUser = { username: string; email: string; profilePicture: string | null };

const PERSIST_KEY = 'rankwise.persist';

function readPersist(): boolean {
  try {
    return localStorage.getItem(PERSIST_KEY) !== 'false';
  } catch {
    return true;
  }
}

/** Spec §3 auth state. The access token lives only in memory; the refresh token is an httpOnly cookie. */
type SessionState = {
  user: AuthUser | null;
  accessToken: string | null;
  /** 'Keep me logged in' (default true), remembered on this device. */
  persist: boolean;
  intendsToLogout: boolean;
  /** True until the start-up silent refresh has answered. */
  restoring: boolean;
  setSession(user: AuthUser, accessToken: string): void;
  setPersist(persist: boolean): void;
  setIntendsToLogout(v: boolean): void;
  setRestoring(v: boolean): void;
  clear(): void;
};

export const useSession = create<SessionState>((set) => ({
  user: null,
  accessToken: null,
  persist: readPersist(),
  intendsToLogout: false,
  // Until the start-up refresh answers, protected pages wait instead of asking to sign in.
  restoring: readPersist(),
  setSession: (user, accessToken) => set({ user, accessToken, intendsToLogout: false }),
  setPersist: (persist) => {
    try {
      localStorage.setItem(PERSIST_KEY, String(persist));
    } catch {
      /* private mode: keep it in memory */
    }
    set({ persist });
  },
  setIntendsToLogout: (intendsToLogout) => set({ intendsToLogout }),
  setRestoring: (restoring) => set({ restoring }),
  clear: () => set({ user: null, accessToken: null }),
}));

export const isSignedIn = () => useSession.getState().accessToken !== null;
