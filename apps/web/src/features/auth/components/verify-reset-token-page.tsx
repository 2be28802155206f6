import { authTexts } from '@rankwise/contract/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { resetTokenCheckQuery } from '../api/auth.queries.ts';

/** Spec §2: checks the e-mailed link, then carries the token to the reset form in navigation state. */
export function VerifyResetTokenPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useQuery(resetTokenCheckQuery(token));
  // Where the answer leads (the call is the query above).
  useEffect(() => {
    if (check.isPending) return;
    if (check.isSuccess && (check.data.data?.valid ?? check.data.valid)) {
      navigate('/auth/reset-password', { replace: true, state: { token } });
      return;
    }
    toast.error(check.isSuccess ? `${check.data.message} Redirecting to homepage` : authTexts.verifyTokenFailed);
    navigate('/', { replace: true });
  }, [check.isPending, check.isSuccess, check.data, token, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Checking your reset link…</h1>
    </main>
  );
}
