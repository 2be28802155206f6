import { authTexts } from '@rankwise/contract/auth';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { useSession } from '@/lib/stores/session.ts';
import { authApi, storeSession } from '../api/auth.api.ts';
import { takeGoogleState } from '../google.ts';

/** Where Google sends the browser back with a sign-in code. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takeGoogleState(params.get('state'));
    const code = params.get('code');
    if (!pending || !code) {
      toast.error(authTexts.googleFailed);
      navigate('/', { replace: true });
      return;
    }
    authApi
      .google(code, pending.persist)
      .then((res) => {
        useSession.getState().setPersist(pending.persist);
        storeSession(res);
        toast.success(`Welcome, ${res.user.username}!`);
        navigate(pending.returnTo, { replace: true });
      })
      .catch(() => {
        toast.error(authTexts.googleFailed);
        navigate('/', { replace: true });
      });
  }, [params, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Signing you in with Google…</h1>
    </main>
  );
}
