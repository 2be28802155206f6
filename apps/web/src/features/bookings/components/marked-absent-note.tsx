import type { StudentSession } from '@rankwise/contract/sessions';
import { sessionWhen } from '@/lib/format.ts';

/** The counsellor marked the student absent: said plainly, with until when it can be disputed and why there is no review (issue 24). */
export function MarkedAbsentNote({ session: s }: { session: StudentSession }) {
  if (!s.markedAbsent) return null;
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
      <p>
        {s.counsellorName} marked you absent from this session.
        {s.absenceDisputeUntil
          ? ` If you joined, dispute it until ${sessionWhen(s.absenceDisputeUntil, s.absenceDisputeUntil).replace(/ - .*$/, ' IST')}: an admin decides.`
          : ''}
      </p>
      {s.reviewBlockedReason ? <p className="mt-1">{s.reviewBlockedReason}</p> : null}
    </div>
  );
}
