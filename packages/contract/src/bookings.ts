import { z } from 'zod';
import { bookedSlotsResponseSchema, counsellorIdParamsSchema, type TimeRange } from './counsellors.ts';
import { oneLine } from './text.ts';
import { defineEndpoints } from './endpoint.ts';
import { IST_OFFSET_MS } from './format.ts';

/** Spec §4 Booking, §8 Booking and success messages. */
export const bookingMessages = {
  phone: 'Phone number must be exactly 10 digits',
  success: 'Session booked successfully!',
  cancelled: 'payment cancelled',
  failed: 'Failed to book session. Please try again.',
  slotTaken: 'This slot has just been booked by someone else. Please choose another time.',
  chooseDate: 'Please choose a date',
  chooseTime: 'Please choose a time slot',
} as const;

/**
 * Spec §9 prices; the server sets the amount from the duration. The list price is struck out only
 * while a real offer with an end date is configured (PRICE_OFFER_ENDS, docs/decisions 0026).
 */
export const sessionOptions = [
  { duration: 12, price: 279, listPrice: 350, save: 81 },
  { duration: 25, price: 419, listPrice: 600, save: 181 },
] as const;
export type SessionOption = (typeof sessionOptions)[number];
export type SessionDuration = (typeof sessionOptions)[number]['duration'];
export function sessionOption(duration: number) {
  return sessionOptions.find((o) => o.duration === duration);
}

/** Spec §9: offered time blocks start at each half hour; 7 date tiles from tomorrow. */
export const SLOT_MINUTES = 30;
export const DATE_TILES = 7;

/** Today's date in India, 'YYYY-MM-DD'. */
export function istDate(now: Date = new Date()): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** An instant as IST date and minutes after midnight: 2026-01-06T03:30:00Z -> { date: '2026-01-06', minutes: 540 }. */
export function istParts(at: Date): { date: string; minutes: number } {
  const t = new Date(at.getTime() + IST_OFFSET_MS);
  return { date: t.toISOString().slice(0, 10), minutes: t.getUTCHours() * 60 + t.getUTCMinutes() };
}

/** The instant an IST wall-clock time happens: ('2026-01-06', 540) -> 2026-01-06T03:30:00Z. */
export function istInstant(date: string, minutes: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - IST_OFFSET_MS);
}

/** The next `count` dates from tomorrow (IST) that fall on one of `days`. */
export function nextMatchingDates(days: readonly number[], now: Date = new Date(), count: number = DATE_TILES): string[] {
  const out: string[] = [];
  if (days.length === 0) return out;
  let d = addDays(istDate(now), 1);
  for (let i = 0; i < 7 * count && out.length < count; i++, d = addDays(d, 1)) {
    if (days.includes(weekdayOf(d))) out.push(d);
  }
  return out;
}

/** Slot starts (minutes) at each half hour inside the ranges, each with a full half hour before the range ends. */
export function halfHourStarts(ranges: readonly TimeRange[]): number[] {
  const starts = new Set<number>();
  for (const r of ranges) {
    const first = Math.ceil(r.start / SLOT_MINUTES) * SLOT_MINUTES;
    for (let m = first; m + SLOT_MINUTES <= r.end; m += SLOT_MINUTES) starts.add(m);
  }
  return [...starts].sort((a, b) => a - b);
}

/** The wire form of a slot time: 540 -> '09:00'. */
export function slotTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** '09:00', '9:00', '9:00 AM', '9 AM', '21:30' -> minutes after midnight; null if not a time. */
export function parseSlotTime(text: string): number | null {
  const m = /^(\d{1,2})(?::([0-5]\d))?\s*(?:([AaPp])\.?\s*[Mm]\.?)?$/.exec(text.trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  if (m[3]) {
    if (h < 1 || h > 12) return null;
    h = (h % 12) + (m[3].toLowerCase() === 'p' ? 12 : 0);
  } else if (h > 23 || m[2] === undefined) {
    return null;
  }
  return h * 60 + min;
}

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The booking phone rule, for the page and the server alike: +91 is shown beside the field; the
 * number itself is 10 digits (spec §5), typed with or without spaces, dashes or a leading +91
 * ('98765 43210', '+91 98765-43210'). Answers the 10 digits, or null.
 */
export function bookingPhone(v: string): string | null {
  const digits = v.replace(/[\s-]/g, '').replace(/^\+91(?=\d{10}$)/, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}
/** The longest way of writing one ('+91 98765-43210' and a little room). */
export const BOOKING_PHONE_MAX_LENGTH = 20;

export const bookingPhoneSchema = z
  .string({ error: bookingMessages.phone })
  .transform((v) => bookingPhone(v) ?? v)
  .pipe(z.string().regex(/^\d{10}$/, bookingMessages.phone));

const amountSchema = z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: 'amount must be a number' }));

/** `POST /cashfree/payment` (spec §7 plus what a booking needs). */
export const paymentRequestSchema = z.object({
  phone: bookingPhoneSchema,
  /** Shown in the spec's payload; the server uses the account's own name. */
  username: oneLine(z.string().max(200), 'username').optional(),
  /** Optional; when sent it must be the price of the chosen duration (the server sets the amount). */
  amount: amountSchema.optional(),
  counsellorId: z.string({ error: 'counsellorId is required' }).trim().min(1, 'counsellorId is required').max(100),
  selectedDate: z.string({ error: bookingMessages.chooseDate }).trim().regex(DATE_PATTERN, bookingMessages.chooseDate),
  selectedTime: z
    .string({ error: bookingMessages.chooseTime })
    .trim()
    .refine((t) => parseSlotTime(t) !== null, bookingMessages.chooseTime),
  duration: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.union([z.literal(12), z.literal(25)], { error: 'Choose a 12- or 25-minute session' }),
  ),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;

export const paymentResponseSchema = z.object({ payment_session_id: z.string(), order_id: z.string() });
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;

/**
 * `POST /cashfree/verify`: the checkout's result plus the booking fields (spec §7). Only `order_id`
 * counts: the server asks Cashfree for the order and never trusts the rest.
 */
export const verifyRequestSchema = z.looseObject({
  order_id: z
    .string({ error: 'order_id is required' })
    .trim()
    .min(1, 'order_id is required')
    .max(100, 'order_id is invalid')
    .regex(/^[\w-]+$/, 'order_id is invalid'),
  selectedDate: z.string().max(50).optional(),
  selectedTime: z.string().max(50).optional(),
  email: z.string().max(300).optional(),
  userName: z.string().max(200).optional(),
});
export type VerifyRequest = z.input<typeof verifyRequestSchema>;
export const verifyResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

/** Cashfree's webhook answer. */
export const webhookResponseSchema = z.object({ status: z.enum(['ok', 'ignored']) });

export const bookingEndpoints = defineEndpoints('bookings', {
  slots: {
    method: 'GET',
    path: '/counselor/slots/{counsellorId}',
    summary: "A counsellor's held and booked slots from now on (IST date and start time)",
    access: 'public',
    params: counsellorIdParamsSchema,
    responses: { 200: bookedSlotsResponseSchema },
  },
  payment: {
    method: 'POST',
    path: '/cashfree/payment',
    summary: 'Hold a slot and create its Cashfree order (the amount is set by the server from the duration)',
    access: 'user',
    body: paymentRequestSchema,
    responses: { 200: paymentResponseSchema },
  },
  verify: {
    method: 'POST',
    path: '/cashfree/verify',
    summary: 'Confirm a booking once Cashfree reports its order PAID with the right amount',
    access: 'user',
    body: verifyRequestSchema,
    responses: { 200: verifyResponseSchema },
  },
  webhook: {
    method: 'POST',
    path: '/cashfree/webhook',
    summary: "Cashfree's signed payment and refund webhooks (raw JSON body, x-webhook-signature, x-webhook-timestamp, x-idempotency-key)",
    access: 'public',
    responses: { 200: webhookResponseSchema },
  },
});
