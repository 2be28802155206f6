import { authTexts } from '@rankwise/contract/auth';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { authApi } from '../api/auth.api.ts';
import { OtpBoxes } from './otp-boxes.tsx';

const RESEND_COOLDOWN_S = 60;

/** Spec §4 Registration steps 3-5: the six boxes, the register call, then the login modal. */
export function VerificationOtpModal({ onClose, props }: ModalProps) {
  const { username, email, password } = props as { username: string; email: string; password: string };
  const open = useModal((s) => s.open);
  const [digits, setDigits] = useState<string[]>(['', '', '', '', '', '']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  useEffect(() => {
    if (cooldown <= 0) return;
    const t = window.setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [cooldown]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const otp = digits.join('');
    if (!/^\d{6}$/.test(otp)) return setError('Please enter the 6-digit code');
    setBusy(true);
    try {
      const res = await authApi.register({ username, email, password, otp });
      toast.success(res.message);
      open('login');
    } catch (err) {
      const msg = errorMessage(err, authTexts.registrationFailed);
      setError(msg);
      toast.error(msg);
    } finally {
      setBusy(false);
    }
  };
  const resend = async () => {
    try {
      toast.success((await authApi.verifyAccount({ username, email })).message);
      setCooldown(RESEND_COOLDOWN_S);
      setDigits(['', '', '', '', '', '']);
    } catch (err) {
      toast.error(errorMessage(err, authTexts.otpFailed));
    }
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Verify your e-mail" description={`Enter the 6-digit code we sent to ${email}.`}>
      <form noValidate onSubmit={submit} className="grid gap-4">
        <OtpBoxes
          value={digits}
          onChange={(v) => {
            setDigits(v);
            setError('');
          }}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? 'Verifying...' : 'Verify'}
        </Button>
        <p className="text-center text-sm text-slate-700">
          Didn&apos;t get it?{' '}
          <button
            type="button"
            disabled={cooldown > 0}
            onClick={() => void resend()}
            className="font-medium text-brand-700 underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
          >
            {cooldown > 0 ? `Resend in ${cooldown}s` : 'Resend'}
          </button>
        </p>
      </form>
    </Modal>
  );
}
