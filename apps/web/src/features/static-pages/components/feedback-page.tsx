import { zodResolver } from '@hookform/resolvers/zod';
import { feedbackRequestSchema, type FeedbackRequest } from '@rankwise/contract/app';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { useSendFeedback } from '../api/forms.queries.ts';

const rows = [
  { name: 'overallExperience', label: 'Overall experience' },
  { name: 'easeOfUse', label: 'Ease of use' },
  { name: 'performance', label: 'Performance' },
] as const;

function Stars({ label, value, onChange }: { label: string; value: number; onChange(v: number): void }) {
  return (
    <fieldset className="flex items-center justify-between gap-4">
      <legend className="sr-only">{label}</legend>
      <span aria-hidden="true" className="font-medium text-slate-800">
        {label}
      </span>
      <span className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer text-2xl" title={`${n} of 5`}>
            <input
              type="radio"
              name={label}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${label}: ${n} of 5`}
            />
            <span aria-hidden="true" className={n <= value ? 'text-amber-500' : 'text-slate-300'}>
              ★
            </span>
          </label>
        ))}
      </span>
    </fieldset>
  );
}

export function FeedbackPage() {
  const send = useSendFeedback();
  // Nothing chosen at first: an untouched form is not feedback (the schema asks for a rating or text).
  const { control, register, handleSubmit, formState, reset, clearErrors } = useForm<FeedbackRequest, unknown, z.output<typeof feedbackRequestSchema>>({
    resolver: zodResolver(feedbackRequestSchema),
    defaultValues: { overallExperience: null, easeOfUse: null, performance: null, feedback: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      toast.success((await send.mutateAsync(values)).message);
      reset();
    } catch {
      toast.error('Failed to send your feedback. Please try again later.');
    }
  });
  return (
    <Page title="Feedback Form" lead="Help us make Rankwise better.">
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <div className="rounded-2xl bg-brand-700 p-6 text-white">
          <p className="text-sm uppercase tracking-wider text-brand-100">Students say</p>
          <p className="mt-2 text-4xl font-extrabold">You Rated 4.5</p>
          <p className="mt-1 text-brand-100">out of 5</p>
        </div>
        <form noValidate onSubmit={onSubmit} className="grid gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          {rows.map((r) => (
            <Controller
              key={r.name}
              control={control}
              name={r.name}
              render={({ field }) => (
                <Stars
                  label={r.label}
                  value={Number(field.value ?? 0)}
                  onChange={(v) => {
                    field.onChange(v);
                    clearErrors('feedback');
                  }}
                />
              )}
            />
          ))}
          <FormField label="Your feedback" error={formState.errors.feedback?.message}>
            {(a) => <textarea {...a} {...register('feedback', { onChange: () => clearErrors('feedback') })} rows={4} className={inputStyles} />}
          </FormField>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending...' : 'Submit'}
          </Button>
        </form>
      </div>
    </Page>
  );
}
