/**
 * The time rules of a paid session (docs/decisions/0013-session-lifecycle.md), in one place: the
 * server enforces them and the texts both sides show are written from them.
 */
export const HOUR_MS = 3600_000;

export const sessionPolicy = {
  /** Cancel at least this long before the start for a full refund; reschedule only this early too. */
  freeCancelHours: 24,
  /** A student may report the counsellor absent until this long after the end; then the session completes. */
  reportWindowHours: 24,
  /** A counsellor may dispute an absence report for this long; then the student is refunded. */
  disputeWindowHours: 24,
  /** Reminders before the start. */
  reminderLeadHours: { '24h': 24, '1h': 1 },
  /** How long after the end the room link is still shown (a late start, a reconnect). */
  roomAfterEndMinutes: 30,
  /** Bookable up to this many days ahead. */
  bookingHorizonDays: 60,
  /** A slot is held for the student this long while they pay (the server's BOOKING_HOLD_MINUTES may set it, 1 to 60). */
  defaultHoldMinutes: 15,
} as const;

export type ReminderLead = keyof typeof sessionPolicy.reminderLeadHours;

export const FREE_CANCEL_MS = sessionPolicy.freeCancelHours * HOUR_MS;
export const REPORT_WINDOW_MS = sessionPolicy.reportWindowHours * HOUR_MS;
export const DISPUTE_WINDOW_MS = sessionPolicy.disputeWindowHours * HOUR_MS;
export const ROOM_AFTER_END_MS = sessionPolicy.roomAfterEndMinutes * 60_000;
export const REMINDER_LEADS: Record<ReminderLead, number> = {
  '24h': sessionPolicy.reminderLeadHours['24h'] * HOUR_MS,
  '1h': sessionPolicy.reminderLeadHours['1h'] * HOUR_MS,
};
