import { authTexts } from '@rankwise/contract/auth';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { authApi } from '../api/auth.api.ts';

/** Spec §2: checks the e-mailed link, then carries the token to the reset form in navigation state. */
export function VerifyResetTokenPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    authApi
      .verifyResetToken(token)
      .then((res) => {
        if (res.data?.valid ?? res.valid) navigate('/auth/reset-password', { replace: true, state: { token } });
        else {
          toast.error(`${res.message} Redirecting to homepage`);
          navigate('/', { replace: true });
        }
      })
      .catch(() => {
        toast.error(authTexts.verifyTokenFailed);
        navigate('/', { replace: true });
      });
  }, [token, navigate]);
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold text-slate-900">Checking your reset link…</h1>
    </main>
  );
}
