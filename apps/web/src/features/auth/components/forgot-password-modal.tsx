import { authTexts } from '@rankwise/contract/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { authApi } from '../api/auth.api.ts';

/** Spec §5: the forgot-password e-mail is required only. */
export function ForgotPasswordModal({ onClose }: ModalProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!email.trim()) return setError('Email is required');
    setBusy(true);
    try {
      toast.success((await authApi.forgotPassword(email.trim())).message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, authTexts.resetLinkFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Forgot password" description="We will e-mail you a link to choose a new password.">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <FormField label="Email" error={error}>
          {(a) => (
            <input
              {...a}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError('');
              }}
              className={inputStyles}
            />
          )}
        </FormField>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </Modal>
  );
}
