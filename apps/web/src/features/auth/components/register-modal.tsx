import { zodResolver } from '@hookform/resolvers/zod';
import { authTexts, emailSchema, newPasswordSchema, usernameSchema } from '@rankwise/contract/auth';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { useModal } from '@/lib/stores/modals.ts';
import { useRequestCode } from '../api/auth.queries.ts';
import { PasswordInput } from './password-input.tsx';

const registerFormSchema = z.object({ username: usernameSchema, email: emailSchema, password: newPasswordSchema });
type RegisterForm = z.input<typeof registerFormSchema>;
type RegisterValues = z.output<typeof registerFormSchema>;

/** Spec §4 Registration steps 1-3: fill the form, request the code, open the verification modal. */
export function RegisterModal({ onClose }: ModalProps) {
  const open = useModal((s) => s.open);
  const requestCode = useRequestCode();
  const { register, handleSubmit, formState, clearErrors, setError } = useForm<RegisterForm, unknown, RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', email: '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await requestCode.mutateAsync({ username: values.username, email: values.email });
      toast.success(res.message);
      open('verificationOtp', { ...values });
    } catch (err) {
      if (applyFieldErrors(err, setError)) return;
      toast.error(errorMessage(err, authTexts.otpFailed));
    }
  });
  const field = (name: keyof RegisterForm) => register(name, { onChange: () => clearErrors(name) });
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title="Signup" description="Create your free Rankwise account">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label="Username" error={formState.errors.username?.message}>
          {(a) => <input {...a} {...field('username')} autoComplete="username" className={inputStyles} />}
        </FormField>
        <FormField label="Email" error={formState.errors.email?.message}>
          {(a) => <input {...a} {...field('email')} type="email" autoComplete="email" className={inputStyles} />}
        </FormField>
        <FormField label="Password" hint="At least 8 characters" error={formState.errors.password?.message}>
          {(a) => <PasswordInput {...a} {...field('password')} autoComplete="new-password" />}
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending code...' : 'Signup'}
        </Button>
        <p className="text-center text-sm text-slate-700">
          Already have an account?{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => open('login')}>
            Login
          </button>
        </p>
      </form>
    </Modal>
  );
}
