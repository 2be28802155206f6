import { ID_CARD_MAX_BYTES, ID_CARD_TYPES, type CollegeOption } from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { FormField, inputStyles } from '@/components/ui/form-field.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { proofStatusQuery, useConfirmEmailProof, useStartEmailProof, useUploadIdCard } from '../api/counsellors.queries.ts';

/**
 * Proof that the applicant studies at the college (docs/decisions 0026): a code sent to their
 * address at the college's own mail domain, or their student ID card, which only an admin sees and
 * which is deleted once the admin decides. Also states Rankwise's commission before they apply.
 */
export function EnrolmentProof({ college }: { college: CollegeOption | null }) {
  const proof = useQuery(proofStatusQuery);
  const verified = college ? proof.data?.data.emails.find((e) => e.instituteId === college.id) : undefined;
  const card = proof.data?.data.idCardUploadedAt ?? null;
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Prove that you study there
      </h2>
      {proof.data ? (
        <p className="text-sm text-slate-800">
          Rankwise keeps a commission of <strong>{proof.data.data.commissionPercent}%</strong> of each completed session&apos;s price; the rest is paid to you
          (UPI or bank account, added after approval).
        </p>
      ) : null}
      {!college ? (
        <p className="text-sm text-slate-700">Choose your college first.</p>
      ) : verified ? (
        <p role="status" className="text-sm font-medium text-green-800">
          Verified: {verified.email} is your {college.name} address.
        </p>
      ) : college.studentMailDomains.length > 0 ? (
        <CollegeEmail key={college.id} college={college} />
      ) : (
        <p className="text-sm text-slate-700">We do not know the student mail domain of {college.name}: upload your student ID card.</p>
      )}
      {college && !verified ? <IdCard uploadedAt={card} /> : null}
    </section>
  );
}

function CollegeEmail({ college }: { college: CollegeOption }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const start = useStartEmailProof();
  const confirm = useConfirmEmailProof();
  const domains = college.studentMailDomains.map((d) => `@${d}`).join(' or ');
  const send = async () => {
    setError(undefined);
    try {
      const res = await start.mutateAsync({ instituteId: college.id, email });
      setSentTo(email.trim().toLowerCase());
      toast.success(res.message);
    } catch (err) {
      setError(errorMessage(err, 'The code could not be sent. Please try again.'));
    }
  };
  const check = async () => {
    setError(undefined);
    try {
      await confirm.mutateAsync({ instituteId: college.id, email: sentTo!, code });
      toast.success('Your college e-mail is verified');
    } catch (err) {
      setError(errorMessage(err, 'The code could not be checked. Please try again.'));
    }
  };
  return (
    <div className="grid gap-3">
      <FormField label="Your college e-mail address" hint={`Your student address at ${domains} (a subdomain is fine).`} error={sentTo ? undefined : error}>
        {(a) => <input {...a} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" className={inputStyles} />}
      </FormField>
      <div>
        <Button variant="secondary" onClick={() => void send()} disabled={start.isPending || email.trim().length < 3}>
          {sentTo ? 'Send a new code' : 'Send code'}
        </Button>
      </div>
      {sentTo ? (
        <div className="grid gap-3">
          <FormField label="Code from the e-mail" hint={`Sent to ${sentTo}; valid for 15 minutes.`} error={error}>
            {(a) => <input {...a} inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.trim())} className={inputStyles} />}
          </FormField>
          <div>
            <Button onClick={() => void check()} disabled={confirm.isPending || code.length !== 6}>
              Verify
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function IdCard({ uploadedAt }: { uploadedAt: string | null }) {
  const upload = useUploadIdCard();
  const id = useId();
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (!(ID_CARD_TYPES as readonly string[]).includes(file.type)) return toast.error('The ID card must be a JPEG, PNG or WebP image.');
    if (file.size > ID_CARD_MAX_BYTES) return toast.error('The ID card image must be at most 5 MB.');
    try {
      await upload.mutateAsync(file);
      toast.success('ID card uploaded');
    } catch (err) {
      toast.error(errorMessage(err, 'The ID card could not be saved. Please try again.'));
    }
  };
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {uploadedAt ? 'Replace your student ID card' : 'Or upload your student ID card'}
      </label>
      <input
        id={id}
        type="file"
        accept={ID_CARD_TYPES.join(',')}
        disabled={upload.isPending}
        onChange={(e) => void onFile(e.target.files?.[0])}
        className="text-sm"
      />
      <p className="text-xs text-slate-600">
        {uploadedAt ? `Uploaded ${new Date(uploadedAt).toLocaleString('en-IN')}. ` : ''}
        Only an admin sees it, beside your application; it is deleted once they decide.
      </p>
    </div>
  );
}
