import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, authTexts } from '@rankwise/contract/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useForgotPassword } from '../api/auth.queries.ts';

/** Spec §5: the forgot-password e-mail is required only (the server answers the same for any address). */
const forgotFormSchema = z.object({ email: z.string().trim().min(1, authMessages.emailRequired) });
type ForgotForm = z.input<typeof forgotFormSchema>;

export function ForgotPasswordModal({ onClose }: ModalProps) {
  const forgot = useForgotPassword();
  const { register, handleSubmit, formState, clearErrors } = useForm<ForgotForm, unknown, z.output<typeof forgotFormSchema>>({
    resolver: zodResolver(forgotFormSchema),
    defaultValues: { email: '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      toast.success((await forgot.mutateAsync(v.email)).message);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err, authTexts.resetLinkFailed));
    }
  });
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Forgot password" description="We will e-mail you a link to choose a new password.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label="Email" error={formState.errors.email?.message}>
          {(a) => <input {...a} {...register('email', { onChange: () => clearErrors('email') })} type="email" autoComplete="email" className={inputStyles} />}
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
      </form>
    </Modal>
  );
}
