import { z } from 'zod';
import { DATE_PATTERN, bookingMessages, parseSlotTime } from './bookings.ts';
import { defineEndpoints } from './endpoint.ts';
import { sessionPolicy } from './session-policy.ts';

const cancelHours = sessionPolicy.freeCancelHours;
const reportHours = sessionPolicy.reportWindowHours;
const disputeHours = sessionPolicy.disputeWindowHours;

/**
 * A paid session after payment: the student's "My sessions", the counsellor's dashboard and
 * earnings, and the admin's disputes (docs/decisions/0013-session-lifecycle.md).
 */

/** The rules, in the words shown to people (the Terms page and the decision record say the same). */
export const sessionRules = {
  cancelFree: `Cancel at least ${cancelHours} hours before the start and you get a full refund. Later cancellations are not refunded.`,
  counsellorCancels: 'If the counsellor cancels or does not join, you get a full refund automatically and the slot opens again.',
  reportAbsence: `If the counsellor did not join, report it within ${reportHours} hours after the session: you are refunded in full unless the counsellor disputes it, and then an admin decides.`,
  reschedule: `You can move a session once, at least ${cancelHours} hours before it starts.`,
  refundTime: 'Refunds go back to the card, account or UPI you paid with, usually within 5-7 working days.',
  reminders: `You get reminders by e-mail ${sessionPolicy.reminderLeadHours['24h']} hours and ${sessionPolicy.reminderLeadHours['1h']} hour before.`,
  noRefundNow: `It is less than ${cancelHours} hours before the start, so there is no refund.`,
  reportWaits: `The counsellor has ${disputeHours} hours to respond. If they do not dispute it, you get a full refund; if they do, an admin decides.`,
  reportedStatus: `You reported that the counsellor did not join: refunded unless the counsellor disputes it within ${disputeHours} hours`,
  earningsHeld: `Each session's amount is held until the session is completed (${reportHours} hours after it ends, when no one reported a problem), then it is payable to you.`,
} as const;

export const sessionMessages = {
  notFound: 'No such session.',
  cancelledRefund: (amount: string) => `Session cancelled. Your payment of ${amount} will be refunded in full.`,
  cancelledNoRefund: `Session cancelled. It was less than ${cancelHours} hours before the start, so there is no refund.`,
  counsellorCancelled: (amount: string) => `Session cancelled. The student gets a full refund of ${amount}.`,
  notCancellable: 'This session can no longer be cancelled.',
  notReschedulable: 'This session can no longer be moved.',
  rescheduled: 'Session moved. The new time is in your e-mail, with a new calendar invite.',
  rescheduleUsed: 'This session has already been moved once.',
  rescheduleTooLate: `A session can be moved only until ${cancelHours} hours before it starts.`,
  sameTime: 'Choose a different time from the current one.',
  reported: `Thank you. The counsellor has ${disputeHours} hours to respond; if they do not dispute it, you are refunded in full.`,
  reportedDisputed: 'Thank you. The counsellor had marked this session as held, so an admin will decide and e-mail you both.',
  reportTooEarly: 'You can report this once the session has started.',
  reportTooLate: `Absence can be reported only within ${reportHours} hours after the session.`,
  reportAfterReview: 'You have reviewed this session, so it cannot be reported as missed. Write to support if something went wrong.',
  notReportable: 'This session cannot be reported.',
  outcomeSaved: 'Saved.',
  markedAbsent:
    'Saved. The student is told by e-mail and may dispute it until 24 hours after the session; if they do, an admin decides before this session is paid.',
  absenceNotReviewable: 'The counsellor marked you absent from this session, so it cannot be reviewed. If you attended, dispute it: an admin decides.',
  outcomeTooEarly: 'You can mark a session once it has started.',
  notMarkable: 'This session can no longer be marked.',
  missed: (amount: string) => `Recorded. The student gets a full refund of ${amount}.`,
  disputed: 'Your dispute is sent. An admin will decide and e-mail you both.',
  notDisputable: 'Only a reported absence can be disputed.',
  decided: 'Decision saved. Both sides have been told by e-mail.',
  notDisputed: 'This session is not waiting for a decision.',
} as const;

export const studentSessionStatuses = ['confirmed', 'cancelled', 'completed', 'refunded', 'absence_reported', 'disputed'] as const;
export type SessionStatus = (typeof studentSessionStatuses)[number];
export const refundStatuses = ['requested', 'pending', 'success', 'failed', 'cancelled'] as const;

const isoString = z.string();
const refundSchema = z.object({ amountPaise: z.number().int(), status: z.enum(refundStatuses) }).nullable();

/** One of the student's sessions, with what they may do with it now. */
export const studentSessionSchema = z.object({
  id: z.string(),
  counsellorId: z.string(),
  counsellorName: z.string(),
  college: z.string(),
  /** The counsellor's hours, as the counsellor list gives them (for choosing a new time). */
  AvailableTimeSlots: z.string(),
  AvailableDays: z.string(),
  startsAt: isoString,
  endsAt: isoString,
  durationMinutes: z.number().int(),
  amountPaise: z.number().int(),
  status: z.enum(studentSessionStatuses),
  /** The private room; shown while the session is upcoming or just ended. */
  meetingUrl: z.string().nullable(),
  rescheduled: z.boolean(),
  cancelledBy: z.enum(['student', 'counsellor']).nullable(),
  refund: refundSchema,
  reviewed: z.boolean(),
  /** The counsellor marked the student absent; the student may dispute it until `absenceDisputeUntil` (an admin then decides). */
  markedAbsent: z.boolean(),
  absenceDisputeUntil: isoString.nullable(),
  /** Why this session cannot be reviewed, when that is not obvious (never blocked silently). */
  reviewBlockedReason: z.string().nullable(),
  can: z.object({
    cancel: z.boolean(),
    /** A cancellation now is refunded (at least sessionPolicy.freeCancelHours before). */
    cancelWithRefund: z.boolean(),
    reschedule: z.boolean(),
    reportAbsence: z.boolean(),
    review: z.boolean(),
  }),
});
export type StudentSession = z.infer<typeof studentSessionSchema>;
export const mySessionsResponseSchema = z.object({ data: z.object({ upcoming: z.array(studentSessionSchema), past: z.array(studentSessionSchema) }) });
export type MySessions = z.infer<typeof mySessionsResponseSchema>['data'];

export const sessionIdParamsSchema = z.object({ id: z.string().trim().min(1, sessionMessages.notFound).max(100, sessionMessages.notFound) });
export const sessionActionResponseSchema = z.object({ message: z.string() });

export const rescheduleRequestSchema = z.object({
  selectedDate: z.string({ error: bookingMessages.chooseDate }).trim().regex(DATE_PATTERN, bookingMessages.chooseDate),
  selectedTime: z
    .string({ error: bookingMessages.chooseTime })
    .trim()
    .refine((t) => parseSlotTime(t) !== null, bookingMessages.chooseTime),
});
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** The session as an iCalendar file (RFC 5545), for "Add to calendar". */
export const calendarResponseSchema = z.object({ filename: z.string(), content: z.string() });

export const counsellorOutcomes = ['held', 'student_absent'] as const;
export type CounsellorOutcome = (typeof counsellorOutcomes)[number];

/** One of the counsellor's sessions, with what they may do with it now. */
export const counsellorSessionSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  startsAt: isoString,
  endsAt: isoString,
  durationMinutes: z.number().int(),
  amountPaise: z.number().int(),
  status: z.enum(studentSessionStatuses),
  meetingUrl: z.string().nullable(),
  rescheduled: z.boolean(),
  cancelledBy: z.enum(['student', 'counsellor']).nullable(),
  outcome: z.enum(counsellorOutcomes).nullable(),
  absenceReportedAt: isoString.nullable(),
  /** Until then the counsellor may dispute the student's absence report. */
  disputeUntil: isoString.nullable(),
  disputeNote: z.string().nullable(),
  /** Where this session's money is: held until completed, then payable; refunded; or nothing for the counsellor. */
  earning: z.enum(['held', 'payable', 'refunded']),
  can: z.object({ cancel: z.boolean(), mark: z.boolean(), missed: z.boolean(), dispute: z.boolean() }),
});
export type CounsellorSession = z.infer<typeof counsellorSessionSchema>;
/** The counsellor's sessions come in pages: upcoming soonest first, past latest first (issue 24: a busy counsellor sees every one). */
export const COUNSELLOR_SESSIONS_PAGE_SIZE = 50;
const pageNumber = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
  z
    .number({ error: 'The page must be a whole number from 1' })
    .int('The page must be a whole number from 1')
    .min(1, 'The page must be a whole number from 1')
    .max(100_000, 'No such page'),
);
export const counsellorSessionsQuerySchema = z.object({
  upcomingPage: pageNumber.optional(),
  pastPage: pageNumber.optional(),
  pageSize: z
    .preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: 'The page size must be from 10 to 200' })
        .int()
        .min(10, 'The page size must be from 10 to 200')
        .max(200, 'The page size must be from 10 to 200'),
    )
    .optional(),
});
export type CounsellorSessionsQuery = z.input<typeof counsellorSessionsQuerySchema>;
export const counsellorSessionsResponseSchema = z.object({
  data: z.object({
    upcoming: z.array(counsellorSessionSchema),
    past: z.array(counsellorSessionSchema),
    /** How many there are in all, and which page of each this is. */
    upcomingTotal: z.number().int(),
    pastTotal: z.number().int(),
    upcomingPage: z.number().int(),
    pastPage: z.number().int(),
    pageSize: z.number().int(),
  }),
});
export type CounsellorSessions = z.infer<typeof counsellorSessionsResponseSchema>['data'];

export const outcomeRequestSchema = z.object({ outcome: z.enum(counsellorOutcomes, { error: 'Choose held or student absent' }) });
export const disputeRequestSchema = z.object({
  note: z
    .string({ error: 'Tell the admin what happened' })
    .trim()
    .min(10, 'Tell the admin what happened in at least 10 characters')
    .max(1000, 'At most 1000 characters')
    .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'The note contains characters that are not allowed'),
});
export type DisputeRequest = z.input<typeof disputeRequestSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  createdAt: isoString,
  bookingId: z.string(),
  sessionStartsAt: isoString,
  studentName: z.string(),
  kind: z.enum(['payment', 'refund', 'release', 'payout']),
  account: z.enum(['held', 'payable']),
  /** Signed: + into the account, - out of it. */
  amountPaise: z.number().int(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const earningsResponseSchema = z.object({
  data: z.object({
    totals: z.object({
      /** Payments received for this counsellor's sessions. */
      receivedPaise: z.number().int(),
      /** Refunded to students. */
      refundedPaise: z.number().int(),
      /** Waiting for sessions to complete. */
      heldPaise: z.number().int(),
      /** Earned: sessions completed (or cancelled late by the student), not paid out yet. */
      payablePaise: z.number().int(),
      /** Paid out to the counsellor (payouts an admin recorded). */
      paidOutPaise: z.number().int(),
      /** What the payable amount comes to after Rankwise's commission. */
      payableNetPaise: z.number().int(),
    }),
    /** Rankwise's commission on each completed session, in percent. */
    commissionPercent: z.number(),
    /**
     * What is payable when, session by session: held until `payableFrom` (the end of the window for
     * reporting an absence; null while an absence report or dispute waits for a decision), then
     * payable (since `payableSince`) until the next payout.
     */
    schedule: z.array(
      z.object({
        bookingId: z.string(),
        sessionStartsAt: isoString,
        studentName: z.string(),
        state: z.enum(['held', 'payable']),
        amountPaise: z.number().int(),
        netPaise: z.number().int(),
        payableFrom: isoString.nullable(),
        payableSince: isoString.nullable(),
        waitingFor: z.string().nullable(),
      }),
    ),
    entries: z.array(ledgerEntrySchema),
  }),
});
export type Earnings = z.infer<typeof earningsResponseSchema>['data'];

export const disputeSchema = z.object({
  id: z.string(),
  studentName: z.string(),
  studentEmail: z.string(),
  counsellorName: z.string(),
  counsellorEmail: z.string(),
  college: z.string(),
  startsAt: isoString,
  endsAt: isoString,
  amountPaise: z.number().int(),
  absenceReportedAt: isoString.nullable(),
  outcome: z.enum(counsellorOutcomes).nullable(),
  disputeNote: z.string().nullable(),
  disputedAt: isoString.nullable(),
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputesResponseSchema = z.object({ data: z.array(disputeSchema) });
export const decideRequestSchema = z.object({
  decision: z.enum(['refund', 'complete'], { error: 'Choose refund or complete' }),
  note: z
    .string()
    .trim()
    .max(1000, 'At most 1000 characters')
    .refine((v) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(v), 'The note contains characters that are not allowed')
    .optional(),
});
export type DecideRequest = z.input<typeof decideRequestSchema>;

export const sessionEndpoints = defineEndpoints('sessions', {
  mine: {
    method: 'GET',
    path: '/sessions/mine',
    summary: "The student's upcoming and past sessions, with what may be done with each",
    access: 'user',
    responses: { 200: mySessionsResponseSchema },
  },
  calendar: {
    method: 'GET',
    path: '/sessions/{id}/calendar',
    summary: 'The session as an iCalendar (.ics) file, for the student or the counsellor',
    access: 'user',
    params: sessionIdParamsSchema,
    responses: { 200: calendarResponseSchema },
  },
  cancel: {
    method: 'POST',
    path: '/sessions/{id}/cancel',
    summary: `Student: cancel (a full refund at least ${cancelHours} h before the start, none later)`,
    access: 'user',
    params: sessionIdParamsSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  reschedule: {
    method: 'POST',
    path: '/sessions/{id}/reschedule',
    summary: `Student: move the session once to another of the counsellor's free slots, at least ${cancelHours} h before it starts`,
    access: 'user',
    params: sessionIdParamsSchema,
    body: rescheduleRequestSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  reportAbsence: {
    method: 'POST',
    path: '/sessions/{id}/report-absence',
    summary: `Student: the counsellor did not join (within ${reportHours} h after the session); refunded unless the counsellor disputes`,
    access: 'user',
    params: sessionIdParamsSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  counsellorSessions: {
    method: 'GET',
    path: '/counselor/sessions',
    summary: 'Counsellor: upcoming and past sessions, with what may be done with each',
    access: { role: 'counsellor' },
    query: counsellorSessionsQuerySchema,
    responses: { 200: counsellorSessionsResponseSchema },
  },
  counsellorCancel: {
    method: 'POST',
    path: '/counselor/sessions/{id}/cancel',
    summary: 'Counsellor: cancel an upcoming session (the student is refunded in full, the slot reopens)',
    access: { role: 'counsellor' },
    params: sessionIdParamsSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  outcome: {
    method: 'POST',
    path: '/counselor/sessions/{id}/outcome',
    summary: 'Counsellor: mark a started session held, or the student absent',
    access: { role: 'counsellor' },
    params: sessionIdParamsSchema,
    body: outcomeRequestSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  missed: {
    method: 'POST',
    path: '/counselor/sessions/{id}/missed',
    summary: 'Counsellor: I could not join (the student is refunded in full)',
    access: { role: 'counsellor' },
    params: sessionIdParamsSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  dispute: {
    method: 'POST',
    path: '/counselor/sessions/{id}/dispute',
    summary: "Counsellor: dispute a student's absence report (an admin decides)",
    access: { role: 'counsellor' },
    params: sessionIdParamsSchema,
    body: disputeRequestSchema,
    responses: { 200: sessionActionResponseSchema },
  },
  earnings: {
    method: 'GET',
    path: '/counselor/earnings',
    summary: "Counsellor: the ledger of their sessions' money (held until completed, then payable) and its totals",
    access: { role: 'counsellor' },
    responses: { 200: earningsResponseSchema },
  },
  disputes: {
    method: 'GET',
    path: '/admin/disputes',
    summary: 'Admin: disputed absence reports waiting for a decision',
    access: { role: 'admin' },
    responses: { 200: disputesResponseSchema },
  },
  decide: {
    method: 'POST',
    path: '/admin/disputes/{id}/decide',
    summary: 'Admin: refund the student, or complete the session (the counsellor is paid)',
    access: { role: 'admin' },
    params: sessionIdParamsSchema,
    body: decideRequestSchema,
    responses: { 200: sessionActionResponseSchema },
  },
});
