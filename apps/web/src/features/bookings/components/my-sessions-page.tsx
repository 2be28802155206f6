import { sessionRules, type StudentSession } from '@rankwise/contract/sessions';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonStyles } from '@/components/ui/button.tsx';
import { ConfirmPanel } from '@/components/ui/confirm-panel.tsx';
import { UpcomingAndPast } from '@/components/ui/list-section.tsx';
import { SessionCardFrame } from '@/components/ui/session-card.tsx';
import { Page } from '@/components/ui/page.tsx';
import { announce } from '@/lib/announce.ts';
import { errorMessage } from '@/lib/api-client.ts';
import { downloadText, rupees, sessionWhen } from '@/lib/format.ts';
import { fetchCalendar, mySessionsQuery, useCancelSession, useReportAbsence } from '../api/sessions.queries.ts';
import { MarkedAbsentNote } from './marked-absent-note.tsx';
import { RescheduleForm } from './reschedule-form.tsx';

/** A student's sessions: upcoming (join, add to calendar, move once, cancel) and past (report a no-show, review). */
export function MySessionsPage() {
  const sessions = useQuery(mySessionsQuery);
  return (
    <Page title="My sessions" lead="Your video sessions with counsellors. Times are in IST.">
      <UpcomingAndPast
        query={sessions}
        titles={{ upcoming: 'Upcoming', past: 'Past and cancelled' }}
        loading="Loading…"
        failed="Could not load your sessions. Please try again."
        after={(l) =>
          l.upcoming.length + l.past.length === 0 ? (
            <Link to="/connect-students" className={buttonStyles.primary}>
              Find a counsellor
            </Link>
          ) : null
        }
      >
        {(s, upcoming) => <SessionCard session={s} upcoming={upcoming} />}
      </UpcomingAndPast>
      <Rules />
    </Page>
  );
}

const refundText: Record<NonNullable<StudentSession['refund']>['status'], string> = {
  requested: 'being sent to your bank',
  pending: 'on its way to your bank',
  success: 'processed',
  failed: 'not processed yet: we are on it',
  cancelled: 'not processed yet: we are on it',
};

function statusText(s: StudentSession, upcoming: boolean): string {
  switch (s.status) {
    case 'confirmed':
      return !upcoming ? 'Ended' : s.rescheduled ? 'Confirmed (moved once)' : 'Confirmed';
    case 'completed':
      return 'Completed';
    case 'cancelled':
      return s.cancelledBy === 'counsellor' ? 'Cancelled by the counsellor' : 'Cancelled by you';
    case 'refunded':
      return 'Refunded';
    case 'absence_reported':
      return sessionRules.reportedStatus;
    case 'disputed':
      return 'Disputed by the counsellor: an admin will decide and e-mail you';
  }
}

type Confirming = 'cancel' | 'report' | 'reschedule' | null;

function SessionCard({ session: s, upcoming }: { session: StudentSession; upcoming: boolean }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const cancel = useCancelSession();
  const report = useReportAbsence();
  const when = sessionWhen(s.startsAt, s.endsAt);

  const run = async (action: () => Promise<{ message: string }>, fallback: string) => {
    if (await announce(action, fallback)) setConfirming(null);
  };
  const addToCalendar = async () => {
    try {
      const ics = await fetchCalendar(s.id);
      downloadText(ics.filename, ics.content, 'text/calendar');
    } catch (err) {
      toast.error(errorMessage(err, 'Could not make the calendar file. Please try again.'));
    }
  };

  return (
    <SessionCardFrame
      title={`${s.counsellorName}, ${s.college}`}
      when={when}
      summary={
        <>
          {s.durationMinutes}-minute video session · {rupees(s.amountPaise)} · <span className="font-medium">{statusText(s, upcoming)}</span>
        </>
      }
      notes={
        <>
          {s.refund ? (
            <p className="text-sm text-slate-700">
              Refund of {rupees(s.refund.amountPaise)}: {refundText[s.refund.status]}
            </p>
          ) : null}
          <MarkedAbsentNote session={s} />
        </>
      }
      meetingUrl={s.meetingUrl}
      actions={
        <>
          {upcoming ? (
            <Button variant="secondary" onClick={addToCalendar}>
              Add to calendar
            </Button>
          ) : null}
          {s.can.reschedule ? (
            <Button
              variant="secondary"
              aria-expanded={confirming === 'reschedule'}
              onClick={() => setConfirming(confirming === 'reschedule' ? null : 'reschedule')}
            >
              Move to another time
            </Button>
          ) : null}
          {s.can.cancel ? (
            <Button variant="secondary" onClick={() => setConfirming('cancel')}>
              Cancel session
            </Button>
          ) : null}
          {s.can.reportAbsence ? (
            <Button variant="secondary" onClick={() => setConfirming('report')}>
              {s.markedAbsent ? 'I was there: dispute' : 'The counsellor did not join'}
            </Button>
          ) : null}
          {s.can.review ? (
            <Link to={`/reviews?counsellorId=${encodeURIComponent(s.counsellorId)}`} className={buttonStyles.secondary}>
              Write a review
            </Link>
          ) : null}
        </>
      }
    >
      {confirming === 'cancel' ? (
        <ConfirmPanel
          label="Cancel this session?"
          text={s.can.cancelWithRefund ? `You will get a full refund of ${rupees(s.amountPaise)}.` : sessionRules.noRefundNow}
          yes="Yes, cancel"
          no="Keep the session"
          busy={cancel.isPending}
          onYes={() => run(() => cancel.mutateAsync(s.id), 'Could not cancel. Please try again.')}
          onNo={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'report' ? (
        <ConfirmPanel
          label={s.markedAbsent ? 'Dispute being marked absent?' : 'Report that the counsellor did not join?'}
          text={s.markedAbsent ? 'An admin looks at both sides and decides; the counsellor is not paid for this session until then.' : sessionRules.reportWaits}
          yes="Report"
          no="Back"
          busy={report.isPending}
          onYes={() => run(() => report.mutateAsync(s.id), 'Could not send the report. Please try again.')}
          onNo={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'reschedule' ? <RescheduleForm session={s} onDone={() => setConfirming(null)} /> : null}
    </SessionCardFrame>
  );
}

function Rules() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        Cancellations, no-shows and refunds
      </h2>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        {Object.values(sessionRules).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
      <p className="text-sm">
        <Link to="/terms" className="font-medium text-brand-800 underline">
          Terms & Conditions
        </Link>
      </p>
    </section>
  );
}
