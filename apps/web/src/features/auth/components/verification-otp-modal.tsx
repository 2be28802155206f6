import { zodResolver } from '@hookform/resolvers/zod';
import { authTexts, otpSchema } from '@rankwise/contract/auth';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useModal, type ModalPropsMap } from '@/lib/stores/modals.ts';
import { useRegister, useRequestCode } from '../api/auth.queries.ts';
import { OtpBoxes } from './otp-boxes.tsx';

const RESEND_COOLDOWN_S = 60;
const EMPTY = ['', '', '', '', '', ''];

/** The six boxes, read as the contract's 6-digit code. */
const otpFormSchema = z.object({
  otp: z
    .array(z.string())
    .transform((digits) => digits.join(''))
    .pipe(otpSchema),
});
type OtpForm = z.input<typeof otpFormSchema>;

/** Spec §4 Registration steps 3-5: the six boxes, the register call, then the login modal. */
export function VerificationOtpModal({ onClose, props }: ModalProps<ModalPropsMap['verificationOtp']>) {
  const { username, email, password } = props;
  const open = useModal((s) => s.open);
  const registration = useRegister();
  const requestCode = useRequestCode();
  const { control, handleSubmit, formState, setError, clearErrors, setValue } = useForm<OtpForm, unknown, z.output<typeof otpFormSchema>>({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: EMPTY },
  });
  const [cooldown, setCooldown] = useState(RESEND_COOLDOWN_S);
  useEffect(() => {
    if (cooldown <= 0) return;
    const t = window.setTimeout(() => setCooldown((c) => c - 1), 1000);
    return () => window.clearTimeout(t);
  }, [cooldown]);

  const onSubmit = handleSubmit(async ({ otp }) => {
    try {
      const res = await registration.mutateAsync({ username, email, password, otp });
      toast.success(res.message);
      open('login');
    } catch (err) {
      const msg = errorMessage(err, authTexts.registrationFailed);
      setError('otp', { type: 'server', message: msg });
      toast.error(msg);
    }
  });
  const resend = async () => {
    try {
      toast.success((await requestCode.mutateAsync({ username, email })).message);
      setCooldown(RESEND_COOLDOWN_S);
      setValue('otp', EMPTY);
    } catch (err) {
      toast.error(errorMessage(err, authTexts.otpFailed));
    }
  };
  const error = formState.errors.otp?.message;
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Verify your e-mail" description={`Enter the 6-digit code we sent to ${email}.`}>
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <Controller
          control={control}
          name="otp"
          render={({ field }) => (
            <OtpBoxes
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                clearErrors('otp');
              }}
            />
          )}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Verifying...' : 'Verify'}
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
