import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_FAILURE_MESSAGE, CONTACT_SUCCESS_MESSAGE, contactRequestSchema, type ContactRequest } from '@rankwise/contract/app';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { useAppConfig } from '@/lib/app-config.ts';
import { applyFieldErrors } from '@/lib/form-errors.ts';
import { useSendContactMessage } from '../api/contact.queries.ts';

/** Spec §4 Contact form: idle, sending, then success (the form resets) or failure (what was typed stays). */
export function ContactPage() {
  const { supportEmail } = useAppConfig();
  const send = useSendContactMessage();
  const form = useForm<ContactRequest, unknown, z.output<typeof contactRequestSchema>>({
    resolver: zodResolver(contactRequestSchema),
    defaultValues: { name: '', email: '', phone: '', message: '' },
    // Checked again on Submit only: re-checking on every keystroke would put the error right back.
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, clearErrors, reset, setError } = form;
  // Spec §5: an error clears when the user edits that field.
  const field = (name: keyof ContactRequest) => register(name, { onChange: () => clearErrors(name) });
  const phoneField = field('phone');

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await send.mutateAsync(values);
      toast.success(res.message || CONTACT_SUCCESS_MESSAGE);
      reset();
    } catch (err) {
      if (!applyFieldErrors(err, setError)) toast.error(CONTACT_FAILURE_MESSAGE);
    }
  });

  const e = formState.errors;
  return (
    <Page title="Contact Us" lead={<>Questions about a college, your results or a booking? Write to us, or e-mail {supportEmail}.</>}>
      <form noValidate onSubmit={onSubmit} className="grid max-w-xl gap-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <FormField label="Name" error={e.name?.message}>
          {(a) => <input {...a} {...field('name')} autoComplete="name" className={inputStyles} />}
        </FormField>
        <FormField label="E-mail ID" error={e.email?.message}>
          {(a) => <input {...a} {...field('email')} type="email" autoComplete="email" className={inputStyles} />}
        </FormField>
        <FormField label="Phone" error={e.phone?.message}>
          {(a) => (
            <input
              {...a}
              {...phoneField}
              // Digits only (with a leading + for +91, and spaces): anything else is dropped as it is typed.
              onChange={(e) => {
                e.target.value = e.target.value.replace(/(?!^\+)[^\d ]/g, '');
                return phoneField.onChange(e);
              }}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+91 98765 43210"
              className={inputStyles}
            />
          )}
        </FormField>
        <FormField label="Message" error={e.message?.message}>
          {(a) => <textarea {...a} {...field('message')} rows={5} className={inputStyles} />}
        </FormField>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending...' : 'Submit'}
        </Button>
      </form>
    </Page>
  );
}
