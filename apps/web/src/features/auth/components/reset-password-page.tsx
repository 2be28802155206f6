import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, authTexts, newPasswordSchema } from '@rankwise/contract/auth';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useResetPassword } from '../api/auth.queries.ts';
import { PasswordInput } from './password-input.tsx';

export const NO_TOKEN_MESSAGE = 'No token found. Redirecting to homepage';

const resetFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, 'Confirm Password is required') })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: authMessages.passwordsDiffer });
type ResetForm = z.input<typeof resetFormSchema>;

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const token = (useLocation().state as { token?: string } | null)?.token;
  const reset = useResetPassword();
  useEffect(() => {
    if (token) return;
    toast.error(NO_TOKEN_MESSAGE);
    navigate('/', { replace: true });
  }, [token, navigate]);
  const { register, handleSubmit, formState, clearErrors } = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async (v) => {
    try {
      await reset.mutateAsync({ token: token!, password: v.password });
      toast.success(authTexts.passwordChanged);
      navigate('/', { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, authTexts.resetFailed));
    }
  });
  if (!token) return null;
  return (
    <main className="mx-auto w-full max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold text-slate-900">Reset password</h1>
      <form noValidate onSubmit={onSubmit} className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <FormField label="Password" hint="At least 8 characters" error={formState.errors.password?.message}>
          {(a) => <PasswordInput {...a} {...register('password', { onChange: () => clearErrors('password') })} autoComplete="new-password" />}
        </FormField>
        <FormField label="Confirm Password" error={formState.errors.confirmPassword?.message}>
          {(a) => <PasswordInput {...a} {...register('confirmPassword', { onChange: () => clearErrors('confirmPassword') })} autoComplete="new-password" />}
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving..' : 'Save'}
        </Button>
      </form>
    </main>
  );
}
