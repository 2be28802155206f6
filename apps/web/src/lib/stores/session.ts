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

/**
 * Whether this browser may hold a session: the server sets a readable marker cookie beside the
 * httpOnly refresh cookie, with the same lifetime (until the browser closes when 'keep me logged
 * in' is off). Without it there is nothing to refresh: a visitor's page makes no refresh call.
 */
export function mayHaveSession(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((c) => c.trim() === `${SESSION_MARKER}=1`);
}

/**
 * SESSION_MARKER_COOKIE of the contract (auth.ts), not imported from there: the auth schemas, and
 * zod, would come with it into every page's first load. session.test.ts checks that they agree.
 */
export const SESSION_MARKER = 'rw_session';

/** Spec §3 auth state. The access token lives only in memory; the refresh token is an httpOnly cookie. */
type SessionState = {
  user: AuthUser | null;
  accessToken: string | null;
  /** 'Keep me logged in' (default true), remembered on this device. */
  persist: boolean;
  intendsToLogout: boolean;
  /** True until the start-up silent refresh has answered (false at once when there is no session to restore). */
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
  restoring: mayHaveSession(),
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

/** Runs `fn` once the start-up refresh has answered (at once when it has), so a quick action right after a reload does not take the student for a visitor. */
export function whenSessionKnown(fn: () => void): void {
  if (!useSession.getState().restoring) return fn();
  const stop = useSession.subscribe((s) => {
    if (s.restoring) return;
    stop();
    fn();
  });
}
