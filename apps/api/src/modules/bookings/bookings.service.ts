import { createHash, randomBytes } from 'node:crypto';
import {
  addDays,
  bookingMessages,
  halfHourStarts,
  istDate,
  istInstant,
  istParts,
  parseSlotTime,
  sessionOption,
  slotTime,
  weekdayOf,
  type PaymentResponse,
  type VerifyResponse,
} from '@rankwise/contract/bookings';
import { WEEKDAYS, type BookedSlot } from '@rankwise/contract/counsellors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { EXCLUSION_VIOLATION, pgErrorCode } from '../../lib/pg-error.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { Mail } from '../../plugins/mail.ts';
import type { CounsellorRecord, CounsellorsRepository } from '../counsellors/counsellors.repository.ts';
import { findBookableCounsellor } from '../counsellors/counsellors.service.ts';
import { CashfreeError, isValidWebhookSignature, toPaise, webhookTimestampMs, type CashfreeClient, type CashfreeRefund } from '../payments/cashfree-client.ts';
import type { TransitionSource } from './booking-states.ts';
import { confirmationMails, refundMail, refundProcessedMail } from './booking-mail.ts';
import { createBookingsRepository, type BookingsRepository, type RefundStatus } from './bookings.repository.ts';
import { meetingRoomUrl } from './meeting.ts';
import { scheduleSessionJobs, trackRefund } from './session-schedule.ts';

export type BookingsDeps = {
  db: Db;
  repo: BookingsRepository;
  counsellors: CounsellorsRepository;
  cashfree: CashfreeClient;
  /** The client secret: it keys the webhook signature. */
  webhookSecret: string;
  settings: { publicUrl: string; holdMinutes: number; meetingBaseUrl: string; productName: string; supportEmail: string };
  /** The durable job queue: e-mail leaves through it, enqueued in the transaction that decided it. */
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** Webhooks older (or newer) than this are refused: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;
/** Bookable up to this many days ahead. */
export const BOOKING_HORIZON_DAYS = 60;

const MESSAGES = {
  unreachable: 'The payment service is not responding. Please try again in a minute.',
  notCompleted: 'The payment was not completed.',
  mismatch: 'The amount paid does not match this booking. Please contact support.',
  refunded: (amount: string) =>
    `This slot was booked by someone else before your payment arrived. Your payment of ${amount} has been refunded in full; please choose another time.`,
  checkLater: 'We could not confirm your payment with Cashfree just now. If money was taken, your session is confirmed automatically within a few minutes.',
};

/** A text Cashfree accepts only within these lengths, or nothing (the field is optional there). */
const withinLength = (v: string | undefined, min: number, max: number) => (v && v.length >= min && v.length <= max ? v : undefined);

const rupees = (paise: number) => `₹${paise % 100 === 0 ? paise / 100 : (paise / 100).toFixed(2)}`;

/**
 * The one place that sends this module's e-mail: a `mail` job, enqueued in the caller's transaction
 * (it commits with the change it reports, or not at all), once per key however often it is asked.
 */
async function queueMail(d: BookingsDeps, tx: Db, mail: Mail, key: string): Promise<void> {
  await d.jobs.enqueue('mail', mail, { db: tx, dedupeKey: key });
}

/** `GET /counselor/slots/{counsellorId}`: the IST date and start time of every held or booked session from now on. */
export async function occupiedSlots(d: BookingsDeps, counsellorId: string): Promise<BookedSlot[]> {
  const c = await findBookableCounsellor({ repo: d.counsellors }, counsellorId);
  const now = d.now();
  return (await d.repo.occupiedSlots(c.id, now, now)).map((r) => {
    const p = istParts(r.startsAt);
    return { date: p.date, time: slotTime(p.minutes) };
  });
}

/**
 * A slot the counsellor offers: a date from tomorrow (IST) within the horizon, on one of their days,
 * at one of their half-hour starts. The same rules for a booking and for a reschedule.
 */
export function checkSlot(
  c: Pick<CounsellorRecord, 'name' | 'availableDays' | 'timeRanges'>,
  date: string,
  time: string,
  duration: number,
  now: Date,
): { startsAt: Date; endsAt: Date } {
  const today = istDate(now);
  const dateError = (message: string) => new AppError('VALIDATION_FAILED', message, { selectedDate: [message] });
  if (addDays(date, 0) !== date) throw dateError(bookingMessages.chooseDate);
  if (date <= today) throw dateError('Please choose a date from tomorrow on.');
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) throw dateError(`Sessions can be booked up to ${BOOKING_HORIZON_DAYS} days ahead.`);
  if (!c.availableDays.includes(weekdayOf(date))) throw dateError(`${c.name} does not take sessions on ${WEEKDAYS[weekdayOf(date)]}s.`);
  const minutes = parseSlotTime(time);
  if (minutes === null || !halfHourStarts(c.timeRanges).includes(minutes)) {
    const message = `${c.name} does not take sessions at that time. Please choose one of the offered slots.`;
    throw new AppError('VALIDATION_FAILED', message, { selectedTime: [message] });
  }
  const startsAt = istInstant(date, minutes);
  return { startsAt, endsAt: new Date(startsAt.getTime() + duration * 60_000) };
}

type PaymentInput = { phone: string; amount?: number; counsellorId: string; selectedDate: string; selectedTime: string; duration: 12 | 25 };

/**
 * `POST /cashfree/payment`: checks the slot against the counsellor's hours, holds it for the student
 * (the exclusion constraint refuses a taken slot), creates the Cashfree order for the price of the
 * session, and answers with its payment session.
 */
export async function startPayment(d: BookingsDeps, user: AuthUser, input: PaymentInput): Promise<PaymentResponse> {
  const option = sessionOption(input.duration)!;
  const amountPaise = option.price * 100;
  if (input.amount !== undefined && toPaise(input.amount) !== amountPaise) {
    const message = `A ${option.duration}-minute session costs ₹${option.price}.`;
    throw new AppError('VALIDATION_FAILED', message, { amount: [message] });
  }
  const c = await findBookableCounsellor({ repo: d.counsellors }, input.counsellorId);
  if (c.userId === user.id) throw new AppError('BAD_REQUEST', 'You cannot book a session with yourself.');

  const now = d.now();
  const { startsAt, endsAt } = checkSlot(c, input.selectedDate, input.selectedTime, option.duration, now);
  const date = input.selectedDate;
  const minutes = parseSlotTime(input.selectedTime)!;
  const holdExpiresAt = new Date(now.getTime() + d.settings.holdMinutes * 60_000);
  const orderId = `rw_${randomBytes(12).toString('hex')}`;

  let held: { bookingId: string } | { again: PaymentResponse };
  try {
    held = await d.db.transaction(async (tx) => {
      const repo = createBookingsRepository(tx);
      // Pay now again for the slot this student is already paying for: the same checkout, not a second order.
      const mine = await repo.liveHoldOf(user.id, c.id, startsAt, now);
      if (mine && mine.durationMinutes === option.duration) {
        if (mine.paymentStatus === 'active' && mine.paymentSessionId) return { again: { payment_session_id: mine.paymentSessionId, order_id: mine.orderId } };
        throw new AppError('SLOT_TAKEN', 'Your payment for this slot is being prepared. Please try again in a moment.');
      }
      await repo.releaseStudentHolds(user.id, now);
      await repo.expireLapsedOverlapping(c.id, startsAt, endsAt, now);
      const bookingId = await repo.insertHeld(
        { counsellorId: c.id, studentId: user.id, startsAt, endsAt, durationMinutes: option.duration, holdExpiresAt, studentPhone: input.phone },
        { orderId, amountPaise },
      );
      return { bookingId };
    });
  } catch (err) {
    if (pgErrorCode(err) === EXCLUSION_VIOLATION) throw new AppError('SLOT_TAKEN', bookingMessages.slotTaken);
    throw err;
  }
  if ('again' in held) return held.again;
  const { bookingId } = held;

  const base = d.settings.publicUrl.replace(/\/+$/, '');
  // Cashfree keeps the order payable a little past our hold; a payment after the hold is handled as late.
  const orderExpiry = new Date(now.getTime() + Math.max(d.settings.holdMinutes + 5, 20) * 60_000);
  try {
    const order = await d.cashfree.createOrder({
      order_id: orderId,
      order_amount: option.price,
      order_currency: 'INR',
      customer_details: {
        customer_id: user.id.replace(/-/g, ''),
        customer_phone: input.phone,
        // Optional at Cashfree and 3-100 characters there: a value outside that would fail the order.
        customer_name: withinLength(user.username, 3, 100),
        customer_email: withinLength(user.email, 3, 100),
      },
      order_meta: { return_url: `${base}/connect-students?order_id={order_id}`, notify_url: `${base}/api/v1/cashfree/webhook` },
      order_expiry_time: orderExpiry.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      order_note: `${option.duration}-minute session with ${c.name}, ${date} ${slotTime(minutes)} IST`.slice(0, 200),
      order_tags: { booking_id: bookingId },
    });
    if (!order.payment_session_id) throw new CashfreeError(200, 'no payment_session_id in the order', 'invalid_response', 'api_error');
    await d.repo.paymentCreated(bookingId, { cfOrderId: String(order.cf_order_id), paymentSessionId: order.payment_session_id });
    return { payment_session_id: order.payment_session_id, order_id: orderId };
  } catch (err) {
    d.log.error({ err: describe(err), orderId }, 'Cashfree order not created; the hold is released');
    await d.db.transaction(async (tx) => {
      const repo = createBookingsRepository(tx);
      await repo.transition(bookingId, 'held', 'released', 'payment', { details: { reason: 'order_not_created', error: describe(err) } });
      await repo.paymentFailed(bookingId);
    });
    throw new AppError('UPSTREAM_FAILED', MESSAGES.unreachable);
  }
}

type Settled =
  | { kind: 'confirmed'; bookingId: string }
  | { kind: 'refunded'; bookingId: string; refundRowId: string; amountPaise: number }
  | { kind: 'already'; bookingId: string; status: string }
  | { kind: 'released' | 'ignored' | 'duplicate' };

/**
 * The money for an order is in (Cashfree says PAID, or a signed success webhook). In the caller's
 * transaction, with the booking locked: a held booking is confirmed; a lapsed or released one
 * takes its slot back if it is still free, and is refunded if someone else has it. The e-mails
 * (confirmation with link and invite, or the refund notice) are queued in the same transaction.
 * Idempotent: a second call for a paid order changes nothing.
 */
async function settlePaid(d: BookingsDeps, tx: Db, orderId: string, o: { source: TransitionSource; cfPaymentId: string | null; now: Date }): Promise<Settled> {
  const repo = createBookingsRepository(tx);
  const b = await repo.lockByOrderId(orderId);
  if (!b) return { kind: 'ignored' };
  if (b.paymentStatus === 'paid') return { kind: 'already', bookingId: b.id, status: b.status };
  await repo.paymentPaid(b.id, { cfPaymentId: o.cfPaymentId, paidAt: o.now });
  const details = { orderId, cfPaymentId: o.cfPaymentId };
  const confirm = async () => {
    await repo.transition(b.id, 'paid', 'confirmed', o.source, { meetingUrl: meetingRoomUrl(d.settings.meetingBaseUrl), now: o.now });
    const full = (await repo.details(b.id))!;
    const mails = confirmationMails(full, d.settings.productName, d.settings.supportEmail);
    await queueMail(d, tx, mails.student, `booking-confirmed:student:${b.id}`);
    // Demo counsellors (npm run seed:demo) have no real mailbox.
    if (!full.counsellorIsDemo) await queueMail(d, tx, mails.counsellor, `booking-confirmed:counsellor:${b.id}`);
    await repo.markMailed(b.id);
    // Reminders 24 h and 1 h before, and the settlement 24 h after (docs/decisions/0013).
    await scheduleSessionJobs(d.jobs, tx, full, o.now);
    return { kind: 'confirmed' as const, bookingId: b.id };
  };
  if (b.status === 'held') {
    await repo.transition(b.id, 'held', 'paid', o.source, { details, now: o.now });
    return confirm();
  }
  if (b.status === 'expired' || b.status === 'released') {
    // Late: the slot is the student's again if no one else holds it (the exclusion constraint decides).
    if (await repo.retake(b.id, b.status, o.source, { ...details, late: true })) return confirm();
    await repo.transition(b.id, b.status, 'refunded', o.source, { details: { ...details, reason: 'slot_taken' }, now: o.now });
    const refundId = `rf_${orderId}`;
    const refundRowId = await repo.insertRefund({ bookingId: b.id, refundId, amountPaise: b.amountPaise, reason: 'slot_taken' }, o.now);
    await trackRefund(d.jobs, tx, refundRowId, refundId);
    const full = (await repo.details(b.id))!;
    await queueMail(d, tx, refundMail(full, d.settings.productName, d.settings.supportEmail), `booking-refund:${refundId}`);
    return { kind: 'refunded', bookingId: b.id, refundRowId, amountPaise: b.amountPaise };
  }
  return { kind: 'already', bookingId: b.id, status: b.status };
}

/** What follows a settlement, after its transaction committed: the refund goes to Cashfree. */
async function afterSettle(d: BookingsDeps, s: Settled): Promise<void> {
  if (s.kind === 'refunded') await sendRefund(d, s.refundRowId);
}

/** Why money goes back, as Cashfree's refund note says it. */
export const REFUND_NOTES: Record<string, string> = {
  slot_taken: 'Slot booked by another student before the payment arrived',
  student_cancelled: 'Session cancelled by the student at least 24 hours before',
  counsellor_cancelled: 'Session cancelled by the counsellor',
  counsellor_absent: 'The counsellor did not join the session',
};

const refundStatusOf = (s: CashfreeRefund['refund_status']): RefundStatus =>
  s === 'SUCCESS' ? 'success' : s === 'CANCELLED' ? 'cancelled' : s === 'FAILED' ? 'failed' : 'pending';

/**
 * Asks Cashfree to refund (once per refund id: a retry is the same refund) or, once asked, for the
 * refund's state. Until Cashfree accepts it, the sweep asks again.
 */
export async function sendRefund(d: BookingsDeps, refundRowId: string): Promise<void> {
  const r = await d.repo.findRefund(refundRowId);
  if (!r) return;
  try {
    if (r.status === 'requested') {
      let answer: CashfreeRefund;
      try {
        answer = await d.cashfree.createRefund(r.orderId, {
          refund_amount: r.amountPaise / 100,
          refund_id: r.refundId,
          refund_note: REFUND_NOTES[r.reason] ?? 'Refund',
          refund_speed: 'STANDARD',
        });
      } catch (err) {
        if (!(err instanceof CashfreeError && err.status === 409)) throw err;
        answer = await d.cashfree.getRefund(r.orderId, r.refundId);
      }
      await d.repo.updateRefund(r.id, {
        status: refundStatusOf(answer.refund_status),
        cfRefundId: String(answer.cf_refund_id),
        lastError: null,
        attempted: true,
      });
    } else if (r.status === 'pending') {
      const answer = await d.cashfree.getRefund(r.orderId, r.refundId);
      await d.repo.updateRefund(r.id, { status: refundStatusOf(answer.refund_status) });
    }
  } catch (err) {
    d.log.error({ err: describe(err), refundId: r.refundId }, 'refund not sent to Cashfree yet; the sweep retries');
    await d.repo.updateRefund(r.id, { lastError: describe(err).message, attempted: r.status === 'requested' });
  }
}

/**
 * `POST /cashfree/verify`: the student's browser says the checkout finished. The server asks Cashfree
 * for the order and confirms only a PAID order of the booking's amount; calling it again is harmless.
 */
export async function verifyPayment(d: BookingsDeps, user: AuthUser, orderId: string): Promise<VerifyResponse> {
  const b = await d.repo.findByOrderId(orderId);
  if (!b || b.studentId !== user.id) throw new AppError('NOT_FOUND', 'No such payment.');
  const ok = { success: true as const, message: bookingMessages.success };
  if (b.status === 'confirmed') return ok;
  if (b.status === 'refunded') throw new AppError('PAYMENT_REFUNDED', MESSAGES.refunded(rupees(b.amountPaise)));

  let order;
  try {
    order = await d.cashfree.getOrder(orderId);
  } catch (err) {
    d.log.error({ err: describe(err), orderId }, 'Cashfree order status unavailable');
    throw new AppError('UPSTREAM_FAILED', MESSAGES.checkLater);
  }
  if (order.order_status !== 'PAID') throw new AppError('PAYMENT_NOT_COMPLETED', MESSAGES.notCompleted);
  if (toPaise(order.order_amount) !== b.amountPaise || order.order_currency !== 'INR') {
    d.log.error(
      { orderId, amount: order.order_amount, currency: order.order_currency, expectedPaise: b.amountPaise },
      'paid order amount differs from the booking',
    );
    throw new AppError('CONFLICT', MESSAGES.mismatch);
  }
  const cfPaymentId = await d.cashfree
    .getPayments(orderId)
    .then((ps) => ps.find((p) => p.payment_status === 'SUCCESS')?.cf_payment_id ?? null)
    .catch(() => null);

  const settled = await d.db.transaction((tx) =>
    settlePaid(d, tx, orderId, { source: 'verify', cfPaymentId: cfPaymentId === null ? null : String(cfPaymentId), now: d.now() }),
  );
  await afterSettle(d, settled);
  if (settled.kind === 'refunded' || (settled.kind === 'already' && settled.status === 'refunded')) {
    throw new AppError('PAYMENT_REFUNDED', MESSAGES.refunded(rupees(b.amountPaise)));
  }
  return ok;
}

type WebhookBody = {
  type?: string;
  data?: {
    order?: { order_id?: string; order_amount?: number | string; order_currency?: string };
    payment?: { cf_payment_id?: string | number; payment_status?: string; payment_amount?: number | string; payment_currency?: string };
    refund?: { order_id?: string; refund_id?: string; refund_status?: string };
    error_details?: unknown;
  };
};

/**
 * `POST /cashfree/webhook`: Cashfree's signed notifications. The signature (over the raw bytes) and
 * the timestamp are checked first; a repeated delivery (same `x-idempotency-key`) is acknowledged
 * and ignored; recording the key and acting on the event commit together.
 */
export async function handleWebhook(d: BookingsDeps, raw: Buffer, header: (name: string) => string | undefined): Promise<{ status: 'ok' | 'ignored' }> {
  const signature = header('x-webhook-signature');
  const timestamp = header('x-webhook-timestamp');
  if (!signature || !timestamp) throw new AppError('INVALID_SIGNATURE', 'The webhook signature is missing.');
  const at = webhookTimestampMs(timestamp);
  if (at === null || Math.abs(d.now().getTime() - at) > WEBHOOK_TOLERANCE_MS)
    throw new AppError('INVALID_SIGNATURE', 'The webhook timestamp is missing or too old.');
  if (!isValidWebhookSignature(d.webhookSecret, timestamp, raw, signature)) throw new AppError('INVALID_SIGNATURE', 'The webhook signature does not match.');
  let body: WebhookBody;
  try {
    body = JSON.parse(raw.toString('utf8')) as WebhookBody;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
  }
  const type = String(body.type ?? 'UNKNOWN');
  const data = body.data ?? {};
  const orderId = data.order?.order_id ?? data.refund?.order_id ?? null;
  const key = header('x-idempotency-key') || createHash('sha256').update(raw).digest('base64');
  // A success event that names no amount: Cashfree itself says what was paid.
  let cashfreePaise: number | null = null;
  if (type === 'PAYMENT_SUCCESS_WEBHOOK' && orderId && data.order?.order_amount === undefined && data.payment?.payment_amount === undefined) {
    const order = await d.cashfree.getOrder(orderId).catch(() => null);
    if (!order) throw new AppError('UPSTREAM_FAILED', MESSAGES.unreachable);
    if (order.order_status === 'PAID') cashfreePaise = toPaise(order.order_amount);
  }

  const settled = await d.db.transaction(async (tx): Promise<Settled> => {
    const repo = createBookingsRepository(tx);
    if (!(await repo.recordWebhook(key.slice(0, 200), type, orderId))) return { kind: 'duplicate' };
    if (type === 'PAYMENT_SUCCESS_WEBHOOK' && orderId) {
      const p = data.payment ?? {};
      if (p.payment_status !== undefined && p.payment_status !== 'SUCCESS') return { kind: 'ignored' };
      const b = await repo.findByOrderId(orderId);
      if (!b) return { kind: 'ignored' };
      const paise = (v: number | string | undefined) => (v === undefined || v === null ? null : toPaise(v));
      const orderPaise = paise(data.order?.order_amount);
      const paymentPaise = paise(p.payment_amount);
      const amountOk =
        (orderPaise !== null || paymentPaise !== null || cashfreePaise !== null) &&
        (orderPaise === null || orderPaise === b.amountPaise) &&
        (paymentPaise === null || paymentPaise >= b.amountPaise) &&
        (cashfreePaise === null || cashfreePaise === b.amountPaise) &&
        (data.order?.order_currency ?? 'INR') === 'INR' &&
        (p.payment_currency ?? 'INR') === 'INR';
      if (!amountOk) {
        d.log.error(
          { orderId, order: data.order, payment: { amount: p.payment_amount, currency: p.payment_currency } },
          'webhook amount differs from the booking',
        );
        return { kind: 'ignored' };
      }
      return settlePaid(d, tx, orderId, { source: 'webhook', cfPaymentId: p.cf_payment_id === undefined ? null : String(p.cf_payment_id), now: d.now() });
    }
    if ((type === 'PAYMENT_FAILED_WEBHOOK' || type === 'PAYMENT_USER_DROPPED_WEBHOOK') && orderId) {
      const b = await repo.lockByOrderId(orderId);
      if (b && b.status === 'held' && b.paymentStatus !== 'paid') {
        await repo.transition(b.id, 'held', 'released', 'webhook', { details: { type, paymentStatus: data.payment?.payment_status ?? null } });
        return { kind: 'released' };
      }
      return { kind: 'ignored' };
    }
    if (type === 'REFUND_STATUS_WEBHOOK' && data.refund?.refund_id) {
      const status = refundStatusOf(data.refund.refund_status ?? 'PENDING');
      const r = await repo.updateRefundByRefundId(data.refund.refund_id, status);
      // Processed: the student hears it now (the refund job, seeing it done, finds this mail's key taken).
      const full = r && status === 'success' ? await repo.details(r.bookingId) : null;
      if (r && full) {
        const m = { productName: d.settings.productName, supportEmail: d.settings.supportEmail, publicUrl: d.settings.publicUrl };
        await queueMail(d, tx, refundProcessedMail(full, r.amountPaise, m), `refund-processed:${data.refund.refund_id}`);
      }
    }
    return { kind: 'ignored' };
  });
  await afterSettle(d, settled);
  return { status: settled.kind === 'duplicate' ? 'ignored' : 'ok' };
}

/**
 * Keeps payments moving when no request does: lapsed holds are checked with Cashfree once more
 * (a payment that beat the clock confirms; otherwise the hold expires), and refunds Cashfree has
 * not accepted or finished yet are sent or checked again.
 */
export async function sweep(d: BookingsDeps): Promise<{ holds: number; refunds: number }> {
  const now = d.now();
  const lapsed = await d.repo.lapsedHolds(new Date(now.getTime() - 60_000));
  for (const h of lapsed) {
    let paid = false;
    if (h.paymentStatus === 'active') {
      try {
        const order = await d.cashfree.getOrder(h.orderId);
        const b = await d.repo.findByOrderId(h.orderId);
        paid = order.order_status === 'PAID' && b !== null && toPaise(order.order_amount) === b.amountPaise;
      } catch (err) {
        d.log.warn({ err: describe(err), orderId: h.orderId }, 'sweep: Cashfree order status unavailable');
        continue;
      }
    }
    const settled = await d.db.transaction(async (tx): Promise<Settled> => {
      if (paid) return settlePaid(d, tx, h.orderId, { source: 'sweep', cfPaymentId: null, now });
      const repo = createBookingsRepository(tx);
      const b = await repo.lockByOrderId(h.orderId);
      if (b?.status === 'held' && b.holdExpiresAt < now) await repo.transition(b.id, 'held', 'expired', 'sweep', { now });
      return { kind: 'ignored' };
    });
    await afterSettle(d, settled);
  }
  const refundIds = await d.repo.refundsInFlight();
  for (const id of refundIds) await sendRefund(d, id);
  return { holds: lapsed.length, refunds: refundIds.length };
}

/** Logs what went wrong without request details (no headers, no secrets). */
function describe(err: unknown): { message: string; code?: string; status?: number } {
  if (err instanceof CashfreeError) return { message: err.message, code: err.code, status: err.status };
  return { message: err instanceof Error ? err.message : String(err), code: pgErrorCode(err) };
}
