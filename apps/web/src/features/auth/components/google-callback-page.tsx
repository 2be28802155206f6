import { authTexts } from '@rankwise/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { googleSignInQuery } from '../api/auth.queries.ts';

/** Where Google sends the browser back with a sign-in code. */
export function GoogleCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useQuery(googleSignInQuery(params.get('code'), params.get('state')));
  // Where the answer leads (the call is the query above).
  useEffect(() => {
    if (signIn.isPending) return;
    if (signIn.isSuccess) {
      toast.success(`Welcome, ${signIn.data.username}!`);
      navigate(signIn.data.returnTo, { replace: true });
      return;
    }
    toast.error(authTexts.googleFailed);
    navigate('/', { replace: true });
  }, [signIn.isPending, signIn.isSuccess, signIn.data, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Signing you in with Google…</h1>
    </main>
  );
}
