import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { paymentWebhooks, payments, refunds } from '../../db/schema/bookings.ts';

export type RefundStatus = (typeof refunds.$inferSelect)['status'];

export type RefundRecord = {
  id: string;
  bookingId: string;
  orderId: string;
  refundId: string;
  amountPaise: number;
  reason: string;
  status: RefundStatus;
  attempts: number;
};

/** A booking's payment and refunds as the payment provider moves them, and the webhooks received. Takes a Db that may be a transaction. */
export function createPaymentsRepository(db: Db) {
  return {
    async paymentCreated(bookingId: string, v: { cfOrderId: string; paymentSessionId: string }): Promise<void> {
      await db
        .update(payments)
        .set({ status: 'active', cfOrderId: v.cfOrderId, paymentSessionId: v.paymentSessionId, updatedAt: new Date() })
        .where(eq(payments.bookingId, bookingId));
    },
    async paymentFailed(bookingId: string): Promise<void> {
      await db.update(payments).set({ status: 'failed', updatedAt: new Date() }).where(eq(payments.bookingId, bookingId));
    },
    /** The money is in; answers the amount paid (null if the booking has no payment). */
    async markPaid(bookingId: string, v: { cfPaymentId: string | null; paidAt: Date }): Promise<number | null> {
      const [p] = await db
        .update(payments)
        .set({ status: 'paid', cfPaymentId: v.cfPaymentId, paidAt: v.paidAt, updatedAt: new Date() })
        .where(eq(payments.bookingId, bookingId))
        .returning({ amountPaise: payments.amountPaise });
      return p ? p.amountPaise : null;
    },
    async findRefund(id: string): Promise<RefundRecord | null> {
      const [row] = await db
        .select({
          id: refunds.id,
          bookingId: refunds.bookingId,
          orderId: payments.orderId,
          refundId: refunds.refundId,
          amountPaise: refunds.amountPaise,
          reason: refunds.reason,
          status: refunds.status,
          attempts: refunds.attempts,
        })
        .from(refunds)
        .innerJoin(payments, eq(payments.bookingId, refunds.bookingId))
        .where(eq(refunds.id, id));
      return row ?? null;
    },
    /** Refunds Cashfree has not accepted yet, or not reported processed yet. */
    async refundsInFlight(limit = 50): Promise<string[]> {
      const rows = await db
        .select({ id: refunds.id })
        .from(refunds)
        .where(inArray(refunds.status, ['requested', 'pending']))
        .orderBy(asc(refunds.createdAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async updateRefund(id: string, v: { status?: RefundStatus; cfRefundId?: string | null; lastError?: string | null; attempted?: boolean }): Promise<void> {
      await db
        .update(refunds)
        .set({
          ...(v.status ? { status: v.status } : {}),
          ...(v.cfRefundId !== undefined ? { cfRefundId: v.cfRefundId } : {}),
          ...(v.lastError !== undefined ? { lastError: v.lastError } : {}),
          ...(v.attempted ? { attempts: sql`${refunds.attempts} + 1` } : {}),
          updatedAt: new Date(),
        })
        .where(eq(refunds.id, id));
    },
    /** A refund's state as Cashfree reports it; a processed refund stays processed (webhooks can arrive out of order). */
    async updateRefundByRefundId(refundId: string, status: RefundStatus): Promise<{ bookingId: string; amountPaise: number } | null> {
      const [row] = await db
        .update(refunds)
        .set({ status, updatedAt: new Date() })
        .where(and(eq(refunds.refundId, refundId), ne(refunds.status, 'success')))
        .returning({ bookingId: refunds.bookingId, amountPaise: refunds.amountPaise });
      return row ?? null;
    },
    /** Records a webhook delivery by its idempotency key; false if it was handled before. */
    async recordWebhook(key: string, type: string, orderId: string | null): Promise<boolean> {
      const rows = await db
        .insert(paymentWebhooks)
        .values({ idempotencyKey: key, type, orderId })
        .onConflictDoNothing()
        .returning({ key: paymentWebhooks.idempotencyKey });
      return rows.length > 0;
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
