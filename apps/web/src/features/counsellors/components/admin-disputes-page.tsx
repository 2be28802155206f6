import type { Dispute } from '@rankwise/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { Page } from '@/components/ui/page.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { istMoment, rupees, sessionWhen } from '@/lib/format.ts';
import { disputesQuery, useDecide } from '../api/sessions.queries.ts';
import { AdminNav } from './admin-nav.tsx';

/** Admin: a student says the counsellor did not join, the counsellor says otherwise; the admin decides. */
export function AdminDisputesPage() {
  const list = useQuery(disputesQuery);
  return (
    <Page title="Session disputes" lead="Refund the student, or complete the session (the counsellor is paid). Both sides are told by e-mail.">
      <AdminNav />
      {list.isPending ? (
        <p role="status">Loading…</p>
      ) : list.isError ? (
        <p role="alert">{errorMessage(list.error, 'Could not load the disputes.')}</p>
      ) : list.data.data.length === 0 ? (
        <p>No disputes to decide.</p>
      ) : (
        <ul className="grid gap-4">
          {list.data.data.map((d) => (
            <li key={d.id}>
              <DisputeCard dispute={d} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

function DisputeCard({ dispute: d }: { dispute: Dispute }) {
  const decide = useDecide();
  const [note, setNote] = useState('');
  const noteId = useId();
  const run = async (decision: 'refund' | 'complete') => {
    try {
      toast.success((await decide.mutateAsync({ id: d.id, decision, note: note || undefined })).message);
    } catch (err) {
      toast.error(errorMessage(err, 'Could not save the decision. Please try again.'));
    }
  };
  return (
    <article aria-label={`Dispute: ${d.counsellorName} and ${d.studentName}`} className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">
        {d.counsellorName} ({d.college}) and {d.studentName}
      </h2>
      <p className="text-slate-800">
        {sessionWhen(d.startsAt, d.endsAt)} · {rupees(d.amountPaise)}
      </p>
      <p className="text-sm text-slate-700">
        Student: {d.studentEmail} · Counsellor: {d.counsellorEmail}
      </p>
      <p className="text-sm text-slate-700">
        The student reported that the counsellor did not join
        {d.absenceReportedAt ? ` on ${istMoment(d.absenceReportedAt)}` : ''}.
      </p>
      {d.outcome ? (
        <p className="text-sm text-slate-700">
          Before that, the counsellor had marked the session: {d.outcome === 'held' ? 'held' : 'the student did not come'}.
        </p>
      ) : null}
      {d.disputeNote ? <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm text-slate-800">Counsellor: {d.disputeNote}</p> : null}
      <label htmlFor={noteId} className="mt-2 text-sm font-medium text-slate-800">
        Note to both (optional)
      </label>
      <textarea id={noteId} rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} className={inputStyles} />
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run('refund')} disabled={decide.isPending}>
          Refund the student
        </Button>
        <Button variant="secondary" onClick={() => run('complete')} disabled={decide.isPending}>
          The session took place
        </Button>
      </div>
    </article>
  );
}
