import { bookingMessages, sessionOption, slotTime, parseSlotTime, type PaymentResponse, type VerifyResponse } from '@rankwise/contract/bookings';
import { rupees } from '@rankwise/contract/format';
import { sessionPolicy } from '@rankwise/contract/session-policy';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { PermanentJobError, RetryLater, type JobContext, type JobPayloads } from '../../lib/jobs.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { bookableCounsellor, checkSlot, holdSlot, type ModuleDeps, type TransitionSource } from '../bookings/bookings.service.ts';
import { decideRefund } from '../ledger/ledger.service.ts';
import { confirmPaid, mailSettings, queueMail, refundMail, refundProcessedMail, type SessionsStore } from '../sessions/sessions.service.ts';
import { toPaise } from './cashfree-client.ts';
import { PaymentProviderError, type PaymentProvider } from './payment-provider.ts';
import type { PaymentsRepository } from './payments.repository.ts';

export { createPaymentsRepository, type PaymentsRepository } from './payments.repository.ts';

/**
 * Payments (docs/decisions/0008): the order for a held slot, its confirmation (the student's
 * browser, a signed webhook, or the sweep asking the provider), late payments, and refunds sent
 * and followed. The provider is behind `PaymentProvider` (Cashfree).
 */

export type PaymentsStore = SessionsStore & { payments: PaymentsRepository };
export type PaymentsDeps = ModuleDeps<PaymentsStore> & { provider: PaymentProvider };
type Tx = PaymentsStore & { tx: Db };

export const MESSAGES = {
  unreachable: 'The payment service is not responding. Please try again in a minute.',
  notCompleted: 'The payment was not completed.',
  mismatch: 'The amount paid does not match this booking. Please contact support.',
  refunded: (amount: string) =>
    `This slot was booked by someone else before your payment arrived. Your payment of ${amount} has been refunded in full; please choose another time.`,
  checkLater: 'We could not confirm your payment with Cashfree just now. If money was taken, your session is confirmed automatically within a few minutes.',
};

/** How long an order stays payable (and its slot held): BOOKING_HOLD_MINUTES plus 5, at least 20 minutes. */
export const orderMinutes = (holdMinutes: number) => Math.max(holdMinutes + 5, 20);

/** A text Cashfree accepts only within these lengths, or nothing (the field is optional there). */
const withinLength = (v: string | undefined, min: number, max: number) => (v && v.length >= min && v.length <= max ? v : undefined);

type PaymentInput = { phone: string; amount?: number; counsellorId: string; selectedDate: string; selectedTime: string; duration: 12 | 25 };

/**
 * `POST /cashfree/payment`: checks the slot against the counsellor's hours, holds it for the student
 * (the exclusion constraint refuses a taken slot), creates the provider's order for the price of the
 * session, and answers with its payment session.
 */
export async function startPayment(d: PaymentsDeps, user: AuthUser, input: PaymentInput): Promise<PaymentResponse> {
  const option = sessionOption(input.duration)!;
  const amountPaise = option.price * 100;
  if (input.amount !== undefined && toPaise(input.amount) !== amountPaise) {
    const message = `A ${option.duration}-minute session costs ₹${option.price}.`;
    throw new AppError('VALIDATION_FAILED', message, { amount: [message] });
  }
  const c = await bookableCounsellor(d, input.counsellorId);
  if (c.userId === user.id) throw new AppError('BAD_REQUEST', 'You cannot book a session with yourself.');

  const now = d.now();
  const { startsAt, endsAt } = checkSlot(c, input.selectedDate, input.selectedTime, option.duration, now);
  const date = input.selectedDate;
  const minutes = parseSlotTime(input.selectedTime)!;
  const orderId = `rw_${randomBytes(12).toString('hex')}`;

  // The hold lasts as long as the order is payable (issue 24): a failed attempt keeps it, and no one
  // else can take a slot whose order can still be paid. Cashfree honours an attempt started before
  // the order's expiry until it ends; such a late payment is settled as late (settlePaid).
  const expiresAt = new Date(now.getTime() + orderMinutes(d.settings.holdMinutes) * 60_000);
  const held = await holdSlot(d, {
    holdExpiresAt: expiresAt,
    studentId: user.id,
    counsellorId: c.id,
    startsAt,
    endsAt,
    durationMinutes: option.duration,
    studentPhone: input.phone,
    orderId,
    amountPaise,
    now,
  });
  if ('again' in held) {
    // Pay now again for the slot this student is already paying for: the same checkout, not a second order.
    const mine = held.again;
    if (mine.paymentStatus === 'active' && mine.paymentSessionId) return { payment_session_id: mine.paymentSessionId, order_id: mine.orderId };
    throw new AppError('SLOT_TAKEN', 'Your payment for this slot is being prepared. Please try again in a moment.');
  }
  const { bookingId } = held;

  const base = d.settings.publicUrl.replace(/\/+$/, '');
  try {
    const order = await d.provider.createOrder({
      orderId,
      amountPaise,
      customer: {
        id: user.id.replace(/-/g, ''),
        phone: input.phone,
        // Optional at Cashfree and 3-100 characters there: a value outside that would fail the order.
        name: withinLength(user.username, 3, 100),
        email: withinLength(user.email, 3, 100),
      },
      returnUrl: `${base}/connect-students?order_id={order_id}`,
      notifyUrl: `${base}/api/v1/cashfree/webhook`,
      expiresAt,
      note: `${option.duration}-minute session with ${c.name}, ${date} ${slotTime(minutes)} IST`.slice(0, 200),
      tags: { booking_id: bookingId },
    });
    await d.uow.store.payments.paymentCreated(bookingId, { cfOrderId: order.providerOrderId, paymentSessionId: order.paymentSessionId });
    return { payment_session_id: order.paymentSessionId, order_id: orderId };
  } catch (err) {
    d.log.error({ err: describe(err), orderId }, 'Cashfree order not created; the hold is released');
    await d.uow.transaction(async (s) => {
      await s.bookings.transition(bookingId, 'held', 'released', 'payment', { details: { reason: 'order_not_created', error: describe(err) } });
      await s.payments.paymentFailed(bookingId);
    });
    throw new AppError('UPSTREAM_FAILED', MESSAGES.unreachable);
  }
}

export type Settled =
  | { kind: 'confirmed'; bookingId: string }
  | { kind: 'refunded'; bookingId: string; refundRowId: string; amountPaise: number }
  | { kind: 'already'; bookingId: string; status: string }
  | { kind: 'released' | 'ignored' | 'duplicate' };

/**
 * The money for an order is in (the provider says paid, or a signed success webhook). In the
 * caller's transaction, with the booking locked: a held booking is confirmed; a lapsed or released
 * one takes its slot back if it is still free, and is refunded if someone else has it. The e-mails
 * (confirmation with link and invite, or the refund notice) are queued in the same transaction.
 * Idempotent: a second call for a paid order changes nothing.
 */
export async function settlePaid(
  d: PaymentsDeps,
  s: Tx,
  orderId: string,
  o: { source: TransitionSource; cfPaymentId: string | null; now: Date },
): Promise<Settled> {
  const b = await s.bookings.lockByOrderId(orderId);
  if (!b) return { kind: 'ignored' };
  if (b.paymentStatus === 'paid') return { kind: 'already', bookingId: b.id, status: b.status };
  const paid = await s.payments.markPaid(b.id, { cfPaymentId: o.cfPaymentId, paidAt: o.now });
  if (paid !== null) await s.ledger.received(b.id, paid, o.now);
  const details = { orderId, cfPaymentId: o.cfPaymentId };
  const confirm = async () => {
    await confirmPaid(d, s, b.id, o.source, o.now);
    return { kind: 'confirmed' as const, bookingId: b.id };
  };
  if (b.status === 'held') {
    await s.bookings.transition(b.id, 'held', 'paid', o.source, { details, now: o.now });
    return confirm();
  }
  if (b.status === 'expired' || b.status === 'released') {
    // Late: the slot is the student's again if no one else holds it (the exclusion constraint decides).
    if (await s.bookings.retake(b.id, b.status, o.source, { ...details, late: true })) return confirm();
    await s.bookings.transition(b.id, b.status, 'refunded', o.source, { details: { ...details, reason: 'slot_taken' }, now: o.now });
    const { refundRowId, refundId } = await decideRefund(d.jobs, s, b, 'slot_taken', o.now);
    const full = (await s.bookings.details(b.id))!;
    await queueMail(d, s.tx, refundMail(full, d.settings.productName, d.settings.supportEmail), `booking-refund:${refundId}`);
    return { kind: 'refunded', bookingId: b.id, refundRowId, amountPaise: b.amountPaise };
  }
  return { kind: 'already', bookingId: b.id, status: b.status };
}

/** What follows a settlement, after its transaction committed: the refund goes to the provider. */
export async function afterSettle(d: PaymentsDeps, s: Settled): Promise<void> {
  if (s.kind === 'refunded') await sendRefund(d, s.refundRowId);
}

/** Why money goes back, as the provider's refund note says it. */
export const REFUND_NOTES: Record<string, string> = {
  slot_taken: 'Slot booked by another student before the payment arrived',
  student_cancelled: `Session cancelled by the student at least ${sessionPolicy.freeCancelHours} hours before`,
  counsellor_cancelled: 'Session cancelled by the counsellor',
  counsellor_absent: 'The counsellor did not join the session',
};

/**
 * Asks the provider to refund (once per refund id: a retry is the same refund) or, once asked, for
 * the refund's state. Until the provider accepts it, the sweep asks again.
 */
export async function sendRefund(d: PaymentsDeps, refundRowId: string): Promise<void> {
  const payments = d.uow.store.payments;
  const r = await payments.findRefund(refundRowId);
  if (!r) return;
  try {
    if (r.status === 'requested') {
      const answer = await d.provider.refund(r.orderId, { refundId: r.refundId, amountPaise: r.amountPaise, note: REFUND_NOTES[r.reason] ?? 'Refund' });
      await payments.updateRefund(r.id, { status: answer.status, cfRefundId: answer.providerRefundId, lastError: null, attempted: true });
    } else if (r.status === 'pending') {
      const answer = await d.provider.getRefund(r.orderId, r.refundId);
      await payments.updateRefund(r.id, { status: answer.status });
    }
  } catch (err) {
    d.log.error({ err: describe(err), refundId: r.refundId }, 'refund not sent to Cashfree yet; the sweep retries');
    await payments.updateRefund(r.id, { lastError: describe(err).message, attempted: r.status === 'requested' });
  }
}

/** How long to wait before asking the provider again about a refund: 30 s, 1, 2, 5, 10, 30 min, then hourly. */
const REFUND_POLL_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000];

/** The `refunds.track` job: sends a decided refund and follows it until the provider reports it processed; then tells the student. */
export async function trackRefundJob(d: PaymentsDeps, p: JobPayloads['refunds.track'], job: JobContext): Promise<void> {
  await sendRefund(d, p.refundRowId);
  const r = await d.uow.store.payments.findRefund(p.refundRowId);
  if (!r) throw new PermanentJobError('no such refund');
  if (r.status === 'requested' || r.status === 'pending') {
    throw new RetryLater(REFUND_POLL_MS[job.attempt - 1] ?? 3_600_000, `refund ${r.status}`);
  }
  if (r.status !== 'success') {
    d.log.error({ refundId: r.refundId, status: r.status }, 'Cashfree did not process a refund; it needs a person');
    return;
  }
  const b = await d.uow.store.bookings.details(r.bookingId);
  if (b) await d.jobs.enqueue('mail', refundProcessedMail(b, r.amountPaise, mailSettings(d)), { dedupeKey: `refund-processed:${r.refundId}` });
}

/**
 * `POST /cashfree/verify`: the student's browser says the checkout finished. The server asks the
 * provider for the order and confirms only a paid order of the booking's amount; calling it again is harmless.
 */
export async function verifyPayment(d: PaymentsDeps, user: AuthUser, orderId: string): Promise<VerifyResponse> {
  const b = await d.uow.store.bookings.findByOrderId(orderId);
  if (!b || b.studentId !== user.id) throw new AppError('NOT_FOUND', 'No such payment.');
  const ok = { success: true as const, message: bookingMessages.success };
  if (b.status === 'confirmed') return ok;
  if (b.status === 'refunded') throw new AppError('PAYMENT_REFUNDED', MESSAGES.refunded(rupees(b.amountPaise)));

  let order;
  try {
    order = await d.provider.getOrder(orderId);
  } catch (err) {
    d.log.error({ err: describe(err), orderId }, 'Cashfree order status unavailable');
    throw new AppError('UPSTREAM_FAILED', MESSAGES.checkLater);
  }
  if (order.status !== 'paid') throw new AppError('PAYMENT_NOT_COMPLETED', MESSAGES.notCompleted);
  if (order.amountPaise !== b.amountPaise || order.currency !== 'INR') {
    d.log.error(
      { orderId, amount: order.raw.amount, currency: order.raw.currency, expectedPaise: b.amountPaise },
      'paid order amount differs from the booking',
    );
    throw new AppError('CONFLICT', MESSAGES.mismatch);
  }
  const cfPaymentId = await d.provider.successfulPaymentId(orderId).catch(() => null);

  const settled = await d.uow.transaction((s) => settlePaid(d, s, orderId, { source: 'verify', cfPaymentId, now: d.now() }));
  await afterSettle(d, settled);
  if (settled.kind === 'refunded' || (settled.kind === 'already' && settled.status === 'refunded')) {
    throw new AppError('PAYMENT_REFUNDED', MESSAGES.refunded(rupees(b.amountPaise)));
  }
  return ok;
}

/**
 * Keeps payments moving when no request does: lapsed holds are checked with the provider once more
 * (a payment that beat the clock confirms; otherwise the hold expires), and refunds the provider has
 * not accepted or finished yet are sent or checked again.
 */
export async function sweep(d: PaymentsDeps): Promise<{ holds: number; refunds: number }> {
  const now = d.now();
  const lapsed = await d.uow.store.bookings.lapsedHolds(new Date(now.getTime() - 60_000));
  for (const h of lapsed) {
    let paid = false;
    if (h.paymentStatus === 'active') {
      try {
        const order = await d.provider.getOrder(h.orderId);
        const b = await d.uow.store.bookings.findByOrderId(h.orderId);
        paid = order.status === 'paid' && b !== null && order.amountPaise === b.amountPaise;
      } catch (err) {
        d.log.warn({ err: describe(err), orderId: h.orderId }, 'sweep: Cashfree order status unavailable');
        continue;
      }
    }
    const settled = await d.uow.transaction(async (s): Promise<Settled> => {
      if (paid) return settlePaid(d, s, h.orderId, { source: 'sweep', cfPaymentId: null, now });
      const b = await s.bookings.lockByOrderId(h.orderId);
      if (b?.status === 'held' && b.holdExpiresAt < now) await s.bookings.transition(b.id, 'held', 'expired', 'sweep', { now });
      return { kind: 'ignored' };
    });
    await afterSettle(d, settled);
  }
  const refundIds = await d.uow.store.payments.refundsInFlight();
  for (const id of refundIds) await sendRefund(d, id);
  return { holds: lapsed.length, refunds: refundIds.length };
}

/** Logs what went wrong without request details (no headers, no secrets). */
export function describe(err: unknown): { message: string; code?: string; status?: number } {
  if (err instanceof PaymentProviderError) return { message: err.message, code: err.code, status: err.status };
  return { message: err instanceof Error ? err.message : String(err), code: pgErrorCode(err) };
}
