import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { payoutDetailsQuery, useSavePayoutDetails } from '../api/payouts.queries.ts';

/** Where Rankwise pays the counsellor: a UPI ID or a bank account, shown masked once saved (issue 24). */
export function PayoutDetails() {
  const details = useQuery(payoutDetailsQuery);
  const [editing, setEditing] = useState(false);
  const id = useId();
  const current = details.data?.data.details ?? null;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        Payout details
      </h2>
      {details.isPending ? (
        <p role="status">Loading…</p>
      ) : details.isError ? (
        <p role="alert">{errorMessage(details.error, 'Could not load your payout details.')}</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            Rankwise keeps {details.data.data.commissionPercent}% of each completed session&apos;s price and pays you the rest here.
          </p>
          {current && !editing ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="font-medium text-slate-900">
                {current.method === 'upi' ? 'UPI' : 'Bank account'}: {current.masked}
              </p>
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Change
              </Button>
            </div>
          ) : (
            <PayoutForm onSaved={() => setEditing(false)} />
          )}
        </>
      )}
    </section>
  );
}

function PayoutForm({ onSaved }: { onSaved(): void }) {
  const [method, setMethod] = useState<'upi' | 'bank'>('upi');
  const [upiId, setUpiId] = useState('');
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [ifsc, setIfsc] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useSavePayoutDetails();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      await save.mutateAsync(method === 'upi' ? { method, upiId } : { method, accountName, accountNumber, ifsc });
      toast.success('Payout details saved');
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) setErrors(err.fieldErrors);
      else toast.error(errorMessage(err, 'Could not save. Please try again.'));
    }
  };
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      <fieldset className="flex gap-4">
        <legend className="text-sm font-medium text-slate-800">Pay me by</legend>
        {(['upi', 'bank'] as const).map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input type="radio" name="payout-method" checked={method === m} onChange={() => setMethod(m)} className="h-4 w-4 accent-brand-700" />
            {m === 'upi' ? 'UPI' : 'Bank account'}
          </label>
        ))}
      </fieldset>
      {method === 'upi' ? (
        <FormField label="UPI ID" hint="For example name@okaxis" error={errors.upiId?.[0]}>
          {(a) => <input {...a} value={upiId} onChange={(e) => setUpiId(e.target.value)} autoComplete="off" className={inputStyles} />}
        </FormField>
      ) : (
        <>
          <FormField label="Name on the account" error={errors.accountName?.[0]}>
            {(a) => <input {...a} value={accountName} onChange={(e) => setAccountName(e.target.value)} className={inputStyles} />}
          </FormField>
          <FormField label="Account number" error={errors.accountNumber?.[0]}>
            {(a) => (
              <input
                {...a}
                inputMode="numeric"
                value={accountNumber}
                onChange={(e) => setAccountNumber(e.target.value)}
                autoComplete="off"
                className={inputStyles}
              />
            )}
          </FormField>
          <FormField label="IFSC" hint="11 characters, such as SBIN0001234" error={errors.ifsc?.[0]}>
            {(a) => <input {...a} value={ifsc} onChange={(e) => setIfsc(e.target.value)} autoComplete="off" className={inputStyles} />}
          </FormField>
        </>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save payout details
        </Button>
      </div>
    </form>
  );
}
