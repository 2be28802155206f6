import {
  counsellorStatuses,
  formatDays,
  formatTimeRanges,
  yearLabel,
  type CounsellorApplicationView,
  type CounsellorStatus,
} from '@rankwise/contract/counsellors';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { applicationIdCardQuery, applicationsQuery, useReviewApplication } from '../api/counsellors.queries.ts';
import { AdminNav } from './admin-nav.tsx';

const tabLabel: Record<CounsellorStatus, string> = { pending: 'Waiting for review', approved: 'Approved', rejected: 'Rejected' };

/** Admin: counsellor applications, approve or reject. The server checks the admin role on every call. */
export function AdminApplicationsPage() {
  const [status, setStatus] = useState<CounsellorStatus>('pending');
  const list = useQuery(applicationsQuery(status));
  return (
    <Page title="Counsellor applications">
      <AdminNav />
      <div role="tablist" aria-label="Applications by status" className="flex flex-wrap gap-2">
        {counsellorStatuses.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={status === s}
            onClick={() => setStatus(s)}
            className={clsx(
              'rounded-lg border px-3 py-1.5 text-sm font-medium',
              status === s ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white',
            )}
          >
            {tabLabel[s]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabLabel[status]}>
        {list.isPending ? (
          <p role="status">Loading…</p>
        ) : list.isError ? (
          <p role="alert">{errorMessage(list.error, 'Could not load the applications.')}</p>
        ) : list.data.data.length === 0 ? (
          <p>No applications here.</p>
        ) : (
          <ul className="grid gap-4">
            {list.data.data.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Page>
  );
}

function ApplicationCard({ application: a }: { application: CounsellorApplicationView }) {
  const review = useReviewApplication();
  const [note, setNote] = useState('');
  const noteId = useId();
  const decide = async (decision: 'approve' | 'reject') => {
    try {
      await review.mutateAsync({ id: a.id, decision, note: note || undefined });
      toast.success(decision === 'approve' ? `${a.name} is now listed` : `${a.name}'s application was rejected`);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save the decision. Please try again.'));
    }
  };
  return (
    <article aria-label={`Application from ${a.name}`} className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">
        {a.name} {a.isDemo ? <span className="text-sm font-normal text-amber-900">(Demo)</span> : null}
      </h2>
      <p className="text-sm text-slate-700">
        {a.college} · {yearLabel(a.yearOfStudy)}, {a.program}
      </p>
      <p className="text-sm text-slate-700">
        Account: {a.username} ({a.email}) · applied {new Date(a.createdAt).toLocaleDateString('en-IN')}
      </p>
      <p className="text-slate-800">{a.about}</p>
      {a.achievements ? <p className="text-sm text-slate-700">Achievements: {a.achievements}</p> : null}
      {a.experience ? <p className="text-sm text-slate-700">Experience: {a.experience}</p> : null}
      <p className="text-sm text-slate-700">
        Hours: {formatDays(a.availableDays)}, {formatTimeRanges(a.timeRanges)} (IST)
      </p>
      {a.reviewNote ? <p className="text-sm text-slate-700">Note: {a.reviewNote}</p> : null}
      <Proof application={a} />
      {a.status === 'pending' ? (
        <div className="mt-2 grid gap-2">
          <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
            Note to the applicant (e-mailed; required to reject)
          </label>
          <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} className={inputStyles} />
          <div className="flex gap-2">
            <Button onClick={() => decide('approve')} disabled={review.isPending}>
              Approve
            </Button>
            <Button variant="secondary" onClick={() => decide('reject')} disabled={review.isPending}>
              Reject
            </Button>
          </div>
        </div>
      ) : null}
    </article>
  );
}

/** The applicant's proof of enrolment: the verified college address, or their ID card shown here (deleted after the decision). */
function Proof({ application: a }: { application: CounsellorApplicationView }) {
  const [show, setShow] = useState(false);
  const card = useQuery({ ...applicationIdCardQuery(a.id), enabled: show });
  if (a.verificationMethod === 'email') {
    return (
      <p className="text-sm font-medium text-green-800">
        Proof: college e-mail {a.verifiedEmail} verified {a.verifiedAt ? new Date(a.verifiedAt).toLocaleString('en-IN') : ''}
      </p>
    );
  }
  if (a.verificationMethod === 'id-card' && a.status !== 'pending') {
    return <p className="text-sm text-slate-700">Proof: student ID card (seen at the decision, then deleted)</p>;
  }
  if (a.verificationMethod !== 'id-card') return <p className="text-sm font-medium text-red-800">No proof of enrolment on file.</p>;
  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-700">
        Proof: student ID card {a.idCardUploadedAt ? `uploaded ${new Date(a.idCardUploadedAt).toLocaleString('en-IN')}` : '(not uploaded yet)'}
      </p>
      {a.idCardUploadedAt ? (
        show ? (
          card.data ? (
            <img
              src={`data:${card.data.data.contentType};base64,${card.data.data.base64}`}
              alt={`Student ID card of ${a.name}`}
              className="max-h-96 w-fit rounded-lg ring-1 ring-slate-200"
            />
          ) : card.isError ? (
            <p role="alert">{errorMessage(card.error, 'Could not load the ID card.')}</p>
          ) : (
            <p role="status">Loading the ID card…</p>
          )
        ) : (
          <div>
            <Button variant="secondary" onClick={() => setShow(true)}>
              Show the ID card
            </Button>
          </div>
        )
      ) : null}
    </div>
  );
}
