import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { LedgerRepository } from './ledger.repository.ts';

export { createLedgerRepository, type LedgerRepository, type LedgerRow } from './ledger.repository.ts';

declare module '../../lib/jobs.ts' {
  interface JobPayloads {
    /** Sends a refund to the payment provider and follows it until the provider reports it processed (the payments module). */
    'refunds.track': { refundRowId: string };
  }
}

/** Why money goes back to a student. */
export type RefundReason = 'slot_taken' | 'student_cancelled' | 'counsellor_cancelled' | 'counsellor_absent';

/**
 * The full refund of a booking's payment, decided in the caller's transaction: the refund row, its
 * ledger entry and the job that sends it once the transaction commits (one refund per order).
 */
export async function decideRefund(
  jobs: JobQueue,
  s: { ledger: LedgerRepository; tx: Db },
  b: { id: string; orderId: string; amountPaise: number },
  reason: RefundReason,
  now: Date,
): Promise<{ refundRowId: string; refundId: string }> {
  const refundId = `rf_${b.orderId}`;
  const refundRowId = await s.ledger.insertRefund({ bookingId: b.id, refundId, amountPaise: b.amountPaise, reason }, now);
  await jobs.enqueue('refunds.track', { refundRowId }, { db: s.tx, dedupeKey: `refund-track:${refundId}`, maxAttempts: 60 });
  return { refundRowId, refundId };
}
