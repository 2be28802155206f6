import { zodResolver } from '@hookform/resolvers/zod';
import { authTexts, emailSchema } from '@rankwise/contract/auth';
import { useEffect, useEffectEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Modal, type ModalProps } from '@/components/ui/modal.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { useAppConfig } from '@/lib/app-config.ts';
import { useModal, type ModalPropsMap } from '@/lib/stores/modals.ts';
import { useSession } from '@/lib/stores/session.ts';
import { storeSession } from '../api/auth.api.ts';
import { useLogin } from '../api/auth.queries.ts';
import { startGoogleSignIn } from '../google.ts';
import { PasswordInput } from './password-input.tsx';

const loginFormSchema = z.object({
  email: emailSchema,
  // The login form checks presence only (spec §5: no minimum shown).
  password: z.string().min(1, 'Password is required'),
  persist: z.boolean(),
});
type LoginForm = z.input<typeof loginFormSchema>;

/**
 * Props: `onDismiss` runs when the modal closes without signing in (protected routes go back).
 * A prompt opened with a destination (`next`, e.g. a signed-out preference submit) goes there
 * once signed in, so the student does not have to submit again.
 */
export function LoginModal({ onClose, props }: ModalProps<ModalPropsMap['login']>) {
  const signedIn = useSession((s) => s.accessToken !== null);
  const persist = useSession((s) => s.persist);
  const open = useModal((s) => s.open);
  const navigate = useNavigate();
  const { google } = useAppConfig();
  const login = useLogin();
  const { register, handleSubmit, formState, clearErrors } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '', persist },
  });

  // Only on opening: a successful login closes the modal itself.
  const opened = useEffectEvent(() => {
    if (!signedIn || formState.isSubmitSuccessful) return;
    toast.info(authTexts.alreadyLoggedIn);
    onClose();
  });
  useEffect(() => {
    opened();
  }, []);

  const dismiss = () => {
    onClose();
    props.onDismiss?.();
  };

  const onSubmit = handleSubmit(async (v) => {
    try {
      const res = await login.mutateAsync({ email: v.email, password: v.password, persist: v.persist });
      useSession.getState().setPersist(v.persist);
      storeSession(res);
      toast.success(`Welcome back, ${res.user.username}!`);
      const next = useModal.getState().next;
      onClose();
      if (next) navigate(next);
    } catch (err) {
      toast.error(errorMessage(err, authTexts.loginFailed));
    }
  });

  return (
    <Modal open onOpenChange={(o) => !o && dismiss()} title="Login" description="Welcome back to Rankwise">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <FormField label="Email" error={formState.errors.email?.message}>
          {(a) => <input {...a} {...register('email', { onChange: () => clearErrors('email') })} type="email" autoComplete="email" className={inputStyles} />}
        </FormField>
        <FormField label="Password" error={formState.errors.password?.message}>
          {(a) => <PasswordInput {...a} {...register('password', { onChange: () => clearErrors('password') })} autoComplete="current-password" />}
        </FormField>
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" {...register('persist')} className="h-4 w-4 accent-brand-700" />
            Keep me logged in
          </label>
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => open('forgotPassword')}>
            Forgot password?
          </button>
        </div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Logging in...' : 'Login'}
        </Button>
        {google ? (
          <Button variant="secondary" onClick={() => startGoogleSignIn(google, persist, useModal.getState().next)}>
            Continue with Google
          </Button>
        ) : null}
        <p className="text-center text-sm text-slate-700">
          New here?{' '}
          <button type="button" className="font-medium text-brand-700 underline" onClick={() => open('register')}>
            Create an account
          </button>
        </p>
      </form>
    </Modal>
  );
}
