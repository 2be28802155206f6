import { sessionRules, type CounsellorSession, type Earnings, type LedgerEntry } from '@rankwise/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { ConfirmPanel } from '@/components/ui/confirm-panel.tsx';
import { inputStyles } from '@/components/ui/form-field.tsx';
import { UpcomingAndPast } from '@/components/ui/list-section.tsx';
import { SessionChoiceLists } from '@/components/choices/session-choice-lists.tsx';
import { SessionCardFrame } from '@/components/ui/session-card.tsx';
import { announce } from '@/lib/announce.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { istMoment, rupees, sessionWhen, shortDate } from '@/lib/format.ts';
import { counsellorSessionsQuery, earningsQuery, useCounsellorCancel, useDispute, useMarkOutcome, useMissed } from '../api/sessions.queries.ts';
import { EarningsSchedule } from './earnings-schedule.tsx';
import { Pager } from './pager.tsx';
import { PayoutDetails } from './payout-details.tsx';

/** The approved counsellor's sessions and earnings (the profile and hours editor follow on the same page). */
export function CounsellorDashboard() {
  // Pages in the URL (Back returns to the same page of sessions).
  const [params, setParams] = useSearchParams();
  const page = (name: string) => Math.max(1, Number.parseInt(params.get(name) ?? '1', 10) || 1);
  const upcomingPage = page('upcomingPage');
  const pastPage = page('pastPage');
  const sessions = useQuery(counsellorSessionsQuery(upcomingPage, pastPage));
  const go = (name: 'upcomingPage' | 'pastPage', n: number) => setParams((p) => (p.set(name, String(n)), p), { replace: false });
  return (
    <>
      <UpcomingAndPast
        query={sessions}
        titles={{ upcoming: 'Upcoming sessions', past: 'Past and cancelled sessions' }}
        loading="Loading your sessions…"
        failed="Could not load your sessions. Please try again."
        after={() =>
          sessions.data ? (
            <div className="grid gap-2">
              <Pager
                label="Upcoming sessions"
                page={upcomingPage}
                total={sessions.data.data.upcomingTotal}
                size={sessions.data.data.pageSize}
                onPage={(n) => go('upcomingPage', n)}
              />
              <Pager
                label="Past sessions"
                page={pastPage}
                total={sessions.data.data.pastTotal}
                size={sessions.data.data.pageSize}
                onPage={(n) => go('pastPage', n)}
              />
            </div>
          ) : null
        }
      >
        {(s, upcoming) => <SessionCard session={s} upcoming={upcoming} />}
      </UpcomingAndPast>
      <PayoutDetails />
      <EarningsSection />
    </>
  );
}

function statusText(s: CounsellorSession, upcoming: boolean): string {
  switch (s.status) {
    case 'confirmed':
      if (upcoming) return s.rescheduled ? 'Confirmed (moved once by the student)' : 'Confirmed';
      return s.outcome === 'held' ? 'Ended: you marked it held' : s.outcome === 'student_absent' ? 'Ended: you marked the student absent' : 'Ended';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return s.cancelledBy === 'counsellor' ? 'Cancelled by you (the student is refunded)' : 'Cancelled by the student';
    case 'refunded':
      return 'Refunded to the student';
    case 'absence_reported':
      return 'The student reported that you did not join';
    case 'disputed':
      return 'Disputed: an admin will decide';
  }
}

const earningText: Record<CounsellorSession['earning'], string> = {
  held: 'held until the session is completed',
  payable: 'payable to you',
  refunded: 'refunded to the student',
};

function SessionCard({ session: s, upcoming }: { session: CounsellorSession; upcoming: boolean }) {
  const [confirming, setConfirming] = useState<'cancel' | 'missed' | null>(null);
  const cancel = useCounsellorCancel();
  const mark = useMarkOutcome();
  const missed = useMissed();
  const busy = cancel.isPending || mark.isPending || missed.isPending;
  const run = async (action: () => Promise<{ message: string }>) => {
    if (await announce(action, 'Could not save. Please try again.')) setConfirming(null);
  };
  return (
    <SessionCardFrame
      title={s.studentName}
      when={sessionWhen(s.startsAt, s.endsAt)}
      summary={
        <>
          {s.durationMinutes} minutes · {rupees(s.amountPaise)}, {earningText[s.earning]} · <span className="font-medium">{statusText(s, upcoming)}</span>
        </>
      }
      notes={s.disputeUntil ? <p className="text-sm text-slate-700">You can dispute the report until {istMoment(s.disputeUntil)}.</p> : null}
      meetingUrl={s.meetingUrl}
      actions={
        <>
          {s.can.cancel ? (
            <Button variant="secondary" onClick={() => setConfirming('cancel')}>
              Cancel session
            </Button>
          ) : null}
          {s.can.mark ? (
            <>
              <Button variant="secondary" disabled={busy || s.outcome === 'held'} onClick={() => run(() => mark.mutateAsync({ id: s.id, outcome: 'held' }))}>
                Mark as held
              </Button>
              <Button
                variant="secondary"
                disabled={busy || s.outcome === 'student_absent'}
                onClick={() => run(() => mark.mutateAsync({ id: s.id, outcome: 'student_absent' }))}
              >
                The student did not come
              </Button>
            </>
          ) : null}
          {s.can.missed ? (
            <Button variant="secondary" onClick={() => setConfirming('missed')}>
              I could not join
            </Button>
          ) : null}
        </>
      }
    >
      {confirming ? (
        <ConfirmPanel
          label={confirming === 'cancel' ? 'Cancel this session?' : 'You could not join?'}
          text={
            confirming === 'cancel'
              ? `The student gets a full refund of ${rupees(s.amountPaise)} and the slot opens for booking again.`
              : `The student gets a full refund of ${rupees(s.amountPaise)}.`
          }
          yes={confirming === 'cancel' ? 'Yes, cancel and refund' : 'Yes, refund the student'}
          no="Back"
          busy={busy}
          onYes={() => run(() => (confirming === 'cancel' ? cancel : missed).mutateAsync(s.id))}
          onNo={() => setConfirming(null)}
        />
      ) : null}
      <SessionChoiceLists bookingId={s.id} />
      {s.can.dispute ? <DisputeForm id={s.id} /> : null}
    </SessionCardFrame>
  );
}

function DisputeForm({ id }: { id: string }) {
  const [note, setNote] = useState('');
  const dispute = useDispute();
  const noteId = useId();
  const submit = () => announce(() => dispute.mutateAsync({ id, note }), 'Could not send the dispute. Please try again.');
  return (
    <div className="grid gap-2 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <label htmlFor={noteId} className="text-sm font-medium text-slate-900">
        If you did join, tell the admin what happened
      </label>
      <textarea id={noteId} rows={3} value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} className={inputStyles} />
      <div>
        <Button onClick={submit} disabled={dispute.isPending || note.trim().length < 10}>
          Dispute the report
        </Button>
      </div>
    </div>
  );
}

const kindText: Record<LedgerEntry['kind'], (e: LedgerEntry) => string> = {
  payment: () => 'Payment received',
  refund: () => 'Refunded to the student',
  release: (e) => (e.account === 'payable' ? 'Session completed: now payable' : 'Session completed: no longer held'),
  payout: () => 'Paid out to you',
};

function EarningsSection() {
  const earnings = useQuery(earningsQuery);
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold text-slate-900">
        Earnings
      </h2>
      <p className="text-sm text-slate-700">
        {sessionRules.earningsHeld}
        Refunds to students come out of what is held.
      </p>
      {earnings.isPending ? (
        <p role="status">Loading…</p>
      ) : earnings.isError ? (
        <p role="alert">{errorMessage(earnings.error, 'Could not load your earnings.')}</p>
      ) : (
        <EarningsBody data={earnings.data.data} />
      )}
    </section>
  );
}

function EarningsBody({ data }: { data: Earnings }) {
  const t = data.totals;
  // Every entry ever (the list shows the latest 500): what was received less what was refunded.
  const total = t.heldPaise + t.payablePaise + t.paidOutPaise;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        {[
          ['Payments received', t.receivedPaise],
          ['Refunded', t.refundedPaise],
          ['Held', t.heldPaise],
          ['Payable', t.payablePaise],
          ['Paid out', t.paidOutPaise],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-xl font-bold text-slate-900">{rupees(value as number)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        Received {rupees(t.receivedPaise)} - refunded {rupees(t.refundedPaise)} = held {rupees(t.heldPaise)} + payable {rupees(t.payablePaise)} + paid out{' '}
        {rupees(t.paidOutPaise)}.
      </p>
      <EarningsSchedule data={data} />
      {data.entries.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl ring-1 ring-slate-200">
          <table className="w-full bg-white text-left text-sm">
            <caption className="sr-only">Ledger</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                {['Date', 'Session', 'Entry', 'Account'].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 font-semibold">
                    {h}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((e) => (
                <tr key={e.id} className="border-t border-slate-100">
                  <td className="px-3 py-2">{shortDate(e.createdAt)}</td>
                  <td className="px-3 py-2">
                    {e.studentName}, {shortDate(e.sessionStartsAt)}
                  </td>
                  <td className="px-3 py-2">{kindText[e.kind](e)}</td>
                  <td className="px-3 py-2">{e.account === 'held' ? 'Held' : 'Payable'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{rupees(e.amountPaise)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold">
                <th scope="row" colSpan={4} className="px-3 py-2">
                  Total (payments received - refunds)
                </th>
                <td className="px-3 py-2 text-right tabular-nums">{rupees(total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </>
  );
}
