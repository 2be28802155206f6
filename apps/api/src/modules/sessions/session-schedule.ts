import { DISPUTE_WINDOW_MS, REMINDER_LEADS, REPORT_WINDOW_MS, type ReminderLead } from '@rankwise/contract/session-policy';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';

declare module '../../lib/jobs.ts' {
  interface JobPayloads {
    /** E-mails both sides `lead` before the session, if it still starts at `startsAt` and is confirmed. */
    'sessions.reminder': { bookingId: string; startsAt: string; lead: ReminderLead };
    /** 24 h after the end: a session nobody reported becomes completed (its amount payable). */
    'sessions.settle': { bookingId: string; endsAt: string };
    /** 24 h after an absence report: undisputed, the student is refunded. */
    'sessions.absence-deadline': { bookingId: string };
  }
}

/**
 * The jobs of a confirmed session, enqueued in the transaction that confirms (or moves) it: the
 * reminders still ahead and the settlement. Keys carry the start (or end) time, so a moved session
 * gets its own jobs and the old ones find the time changed and do nothing.
 */
export async function scheduleSessionJobs(jobs: JobQueue, tx: Db, b: { id: string; startsAt: Date; endsAt: Date }, now: Date): Promise<void> {
  const startsAt = b.startsAt.toISOString();
  for (const lead of Object.keys(REMINDER_LEADS) as ReminderLead[]) {
    const runAt = new Date(b.startsAt.getTime() - REMINDER_LEADS[lead]);
    // A session booked less than 24 h ahead gets only the 1 h reminder.
    if (runAt <= now) continue;
    await jobs.enqueue('sessions.reminder', { bookingId: b.id, startsAt, lead }, { db: tx, runAt, dedupeKey: `reminder:${b.id}:${startsAt}:${lead}` });
  }
  const endsAt = b.endsAt.toISOString();
  await jobs.enqueue(
    'sessions.settle',
    { bookingId: b.id, endsAt },
    { db: tx, runAt: new Date(b.endsAt.getTime() + REPORT_WINDOW_MS), dedupeKey: `settle:${b.id}:${endsAt}` },
  );
}

/** The counsellor's time to dispute an absence report runs out. */
export async function scheduleAbsenceDeadline(jobs: JobQueue, tx: Db, bookingId: string, reportedAt: Date): Promise<Date> {
  const until = new Date(reportedAt.getTime() + DISPUTE_WINDOW_MS);
  await jobs.enqueue('sessions.absence-deadline', { bookingId }, { db: tx, runAt: until, dedupeKey: `absence-deadline:${bookingId}` });
  return until;
}
