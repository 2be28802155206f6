import { zodResolver } from '@hookform/resolvers/zod';
import { helpRequestSchema, type HelpRequest } from '@rankwise/contract/app';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { useSendHelpRequest } from '../api/forms.queries.ts';

export function HelpCenterPage() {
  const send = useSendHelpRequest();
  const { register, handleSubmit, formState, reset, clearErrors, setError } = useForm<HelpRequest, unknown, z.output<typeof helpRequestSchema>>({
    resolver: zodResolver(helpRequestSchema),
    defaultValues: { email: '', feedback: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      toast.success((await send.mutateAsync(values)).message);
      reset();
    } catch (err) {
      if (!applyFieldErrors(err, setError)) toast.error('Failed to send your request. Please try again later.');
    }
  });
  return (
    <Page title="Help Center" lead="Tell us what you need help with and we will write back by e-mail.">
      <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <FormField label="Mail" error={formState.errors.email?.message}>
          {(a) => <input {...a} {...register('email', { onChange: () => clearErrors('email') })} type="email" autoComplete="email" className={inputStyles} />}
        </FormField>
        <FormField label="Feedback" error={formState.errors.feedback?.message}>
          {(a) => <textarea {...a} {...register('feedback', { onChange: () => clearErrors('feedback') })} rows={5} className={inputStyles} />}
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Submit'}
        </Button>
      </form>
    </Page>
  );
}
