import { useQuery } from '@tanstack/react-query';
import { setTokenRefresher } from '@/lib/api-client.ts';
import { useModal, type ModalName } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { refreshSession, sessionRestoreQuery, storeSession } from '../api/session.api.ts';

const signInModals: ModalName[] = ['login', 'register', 'verificationOtp', 'forgotPassword'];

/**
 * A session that ended while the student was using the site (the refresh failed): one message,
 * then the sign-in prompt over the same page, which reloads its data once they are back.
 */
async function sessionEnded(): Promise<void> {
  useSession.getState().clear();
  const modal = useModal.getState();
  if (!modal.current || !signInModals.includes(modal.current.name)) modal.open('login');
  // The texts (with the auth schemas) and toasts are loaded when needed, not on every page's first load.
  const [{ authTexts }, { toast }] = await Promise.all([import('@rankwise/contract/auth'), import('sonner')]);
  // One toast however many calls found out at once.
  toast.error(authTexts.refreshFailed, { id: 'session-ended' });
}

// What the API client calls once on 'Access token expired' (spec §7): a refresh that fails signs out.
setTokenRefresher(async () => {
  try {
    const res = await refreshSession();
    storeSession(res);
    return res.accessToken;
  } catch {
    await sessionEnded();
    return null;
  }
});

/**
 * Spec §4 Session: the silent refresh at start-up when this browser may hold a session (the
 * server's marker cookie, lib/stores/session.ts: kept 30 days with 'keep me logged in', until the
 * browser closes without). A visitor's page asks for nothing.
 */
export function SessionBootstrap() {
  const restoring = useSession((s) => s.restoring);
  useQuery({ ...sessionRestoreQuery, enabled: restoring });
  return null;
}
