import { istMoment, istWall, rupees, sessionWhen } from '@rankwise/contract/format';
import { sessionPolicy } from '@rankwise/contract/session-policy';
import type { Mail } from '../../plugins/mail.ts';
import type { BookingDetails } from '../bookings/bookings.service.ts';

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Local IST time for DTSTART;TZID=Asia/Kolkata: 20260106T090000 */
function icsLocal(d: Date): string {
  const p = istWall(d);
  return `${p.year}${pad(p.month + 1)}${pad(p.day)}T${pad(Math.floor(p.minutes / 60))}${pad(p.minutes % 60)}${pad(p.seconds)}`;
}
const icsUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
const icsText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (a CRLF and a space), without splitting a character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/**
 * The calendar invite: one event in Asia/Kolkata (IST, no daylight saving) with the meeting link.
 * The same UID throughout; a moved session is a higher SEQUENCE, a cancelled one METHOD:CANCEL.
 */
export function bookingIcs(
  b: Pick<BookingDetails, 'id' | 'startsAt' | 'endsAt' | 'durationMinutes' | 'studentName' | 'counsellorName' | 'college' | 'meetingUrl'>,
  productName: string,
  now = new Date(),
  o: { sequence?: number; cancelled?: boolean } = {},
): string {
  const summary = `${productName} session: ${b.studentName} with ${b.counsellorName}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${productName}//Counselling sessions//EN`,
    'CALSCALE:GREGORIAN',
    o.cancelled ? 'METHOD:CANCEL' : 'METHOD:PUBLISH',
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'TZNAME:IST',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:booking-${b.id}@rankwise`,
    `DTSTAMP:${icsUtc(now)}`,
    `DTSTART;TZID=Asia/Kolkata:${icsLocal(b.startsAt)}`,
    `DTEND;TZID=Asia/Kolkata:${icsLocal(b.endsAt)}`,
    `SUMMARY:${icsText(summary)}`,
    `DESCRIPTION:${icsText(`${b.durationMinutes}-minute video session (${b.college}).\nJoin: ${b.meetingUrl}`)}`,
    `LOCATION:${icsText(b.meetingUrl ?? '')}`,
    `URL:${b.meetingUrl ?? ''}`,
    o.cancelled ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    `SEQUENCE:${o.sequence ?? 0}`,
    ...(o.cancelled ? [] : ['BEGIN:VALARM', 'ACTION:DISPLAY', 'DESCRIPTION:Your session starts in 15 minutes', 'TRIGGER:-PT15M', 'END:VALARM']),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** The two confirmation e-mails: to the student and to the counsellor, each with the link and the invite. */
export function confirmationMails(b: BookingDetails, productName: string, supportEmail: string): { student: Mail; counsellor: Mail } {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const invite = { filename: 'session.ics', content: bookingIcs(b, productName), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
  const footer = `\n\nThe room is private to this session: please do not share the link.\nQuestions? Write to ${supportEmail}.\n\n${productName}`;
  return {
    student: {
      to: b.studentEmail,
      subject: `Your session with ${b.counsellorName} is booked: ${when}`,
      text:
        `Hello ${b.studentName},\n\nYour ${b.durationMinutes}-minute video session with ${b.counsellorName} (${b.college}) is booked.\n\n` +
        `When: ${when}\nJoin: ${b.meetingUrl}\nPaid: ${rupees(b.amountPaise)} (order ${b.orderId})\n\n` +
        `The calendar invite is attached (session.ics).${footer}`,
      attachments: [invite],
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `New session booked: ${b.studentName}, ${when}`,
      text:
        `Hello ${b.counsellorName},\n\n${b.studentName} booked a ${b.durationMinutes}-minute video session with you.\n\n` +
        `When: ${when}\nJoin: ${b.meetingUrl}\n\nThe calendar invite is attached (session.ics).${footer}`,
      attachments: [invite],
    },
  };
}

/** Tells a student their late payment was refunded because the slot had been taken meanwhile. */
export function refundMail(b: BookingDetails, productName: string, supportEmail: string): Mail {
  return {
    to: b.studentEmail,
    subject: `Your payment of ${rupees(b.amountPaise)} is being refunded`,
    text:
      `Hello ${b.studentName},\n\nYour payment for the session with ${b.counsellorName} on ${sessionWhen(b.startsAt, b.endsAt)} arrived after the ` +
      `slot had been booked by another student, so the session could not be confirmed.\n\n` +
      `We have refunded the full ${rupees(b.amountPaise)} (order ${b.orderId}). Refunds usually reach your account within 5-7 working days.\n\n` +
      `Please choose another time on ${productName}. Questions? Write to ${supportEmail}.\n\n${productName}`,
  };
}

type MailSettings = { productName: string; supportEmail: string; publicUrl: string };
type Pair = { student: Mail; counsellor: Mail };

const sign = (m: MailSettings) => `\n\nQuestions? Write to ${m.supportEmail}.\n\n${m.productName}`;
const site = (m: MailSettings, path: string) => `${m.publicUrl.replace(/\/+$/, '')}${path}`;
const invite = (b: BookingDetails, m: MailSettings, o: { sequence?: number; cancelled?: boolean } = {}) => ({
  filename: 'session.ics',
  content: bookingIcs(b, m.productName, new Date(), o),
  contentType: `text/calendar; charset=utf-8; method=${o.cancelled ? 'CANCEL' : 'PUBLISH'}`,
});

/** 24 h and 1 h before the start, to both sides, with the link. */
export function reminderMails(b: BookingDetails, lead: '24h' | '1h', m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const inText = lead === '24h' ? 'tomorrow' : 'in 1 hour';
  return {
    student: {
      to: b.studentEmail,
      subject: `Reminder: your session with ${b.counsellorName} starts ${inText}`,
      text:
        `Hello ${b.studentName},\n\nYour ${b.durationMinutes}-minute session with ${b.counsellorName} (${b.college}) starts ${inText}.\n\n` +
        `When: ${when}\nJoin: ${b.meetingUrl}\n\nYour sessions: ${site(m, '/sessions')}${sign(m)}`,
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `Reminder: session with ${b.studentName} starts ${inText}`,
      text:
        `Hello ${b.counsellorName},\n\nYour ${b.durationMinutes}-minute session with ${b.studentName} starts ${inText}.\n\n` +
        `When: ${when}\nJoin: ${b.meetingUrl}\n\nYour dashboard: ${site(m, '/counsellor')}${sign(m)}`,
    },
  };
}

/** A cancellation, to both sides: who cancelled, and the refund if there is one; the invite is withdrawn. */
export function cancellationMails(b: BookingDetails, by: 'student' | 'counsellor', refundPaise: number | null, m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const attachments = [invite(b, m, { sequence: b.rescheduleCount + 1, cancelled: true })];
  const refundLine =
    refundPaise === null
      ? `It was cancelled less than ${sessionPolicy.freeCancelHours} hours before the start, so the payment is not refunded.`
      : `The full ${rupees(refundPaise)} is being refunded to the card, account or UPI used to pay (order ${b.orderId}); refunds usually arrive within 5-7 working days.`;
  return {
    student: {
      to: b.studentEmail,
      subject: `Session cancelled: ${b.counsellorName}, ${when}`,
      text:
        `Hello ${b.studentName},\n\n${by === 'student' ? 'You cancelled' : `${b.counsellorName} had to cancel`} your session with ${b.counsellorName} on ${when}.\n\n` +
        `${refundLine}\n\n${by === 'counsellor' ? `You can book another time: ${site(m, '/connect-students')}` : `Your sessions: ${site(m, '/sessions')}`}${sign(m)}`,
      attachments,
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `Session cancelled: ${b.studentName}, ${when}`,
      text:
        `Hello ${b.counsellorName},\n\n${by === 'student' ? `${b.studentName} cancelled` : 'You cancelled'} the session on ${when}. The slot is open for booking again.\n\n` +
        `${by === 'student' && refundPaise === null ? `As it was less than ${sessionPolicy.freeCancelHours} hours before the start, the ${rupees(b.amountPaise)} stays yours (payable).` : `The student is refunded ${rupees(b.amountPaise)} in full.`}${sign(m)}`,
      attachments,
    },
  };
}

/** The session moved: both sides get the new time and an updated invite (same event, next sequence). */
export function rescheduleMails(b: BookingDetails, previous: { startsAt: Date; endsAt: Date }, m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const was = sessionWhen(previous.startsAt, previous.endsAt);
  const attachments = [invite(b, m, { sequence: b.rescheduleCount })];
  return {
    student: {
      to: b.studentEmail,
      subject: `Session moved: ${b.counsellorName}, ${when}`,
      text: `Hello ${b.studentName},\n\nYour session with ${b.counsellorName} is moved.\n\nNew time: ${when}\nWas: ${was}\nJoin: ${b.meetingUrl}\n\nThe updated calendar invite is attached.${sign(m)}`,
      attachments,
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `Session moved: ${b.studentName}, ${when}`,
      text: `Hello ${b.counsellorName},\n\n${b.studentName} moved their session with you.\n\nNew time: ${when}\nWas: ${was}\nJoin: ${b.meetingUrl}\n\nThe updated calendar invite is attached.${sign(m)}`,
      attachments,
    },
  };
}

/** The student says the counsellor did not join: the counsellor may dispute until `disputeUntil`. */
export function absenceReportedMails(b: BookingDetails, disputeUntil: Date | null, m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const deadline = disputeUntil ? istMoment(disputeUntil) : null;
  return {
    student: {
      to: b.studentEmail,
      subject: `We received your report: ${b.counsellorName}, ${when}`,
      text:
        `Hello ${b.studentName},\n\nYou reported that ${b.counsellorName} did not join your session on ${when}.\n\n` +
        (deadline
          ? `The counsellor can dispute this until ${deadline}. If they do not, your ${rupees(b.amountPaise)} is refunded in full automatically.`
          : `The counsellor had marked this session as held, so an admin will look at both sides and decide. We will e-mail you.`) +
        sign(m),
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `A student reported that you did not join: ${when}`,
      text:
        `Hello ${b.counsellorName},\n\n${b.studentName} reported that you did not join the session on ${when}.\n\n` +
        (deadline
          ? `If you did join, dispute it on your dashboard before ${deadline} (${site(m, '/counsellor')}); an admin will decide. Otherwise the student is refunded ${rupees(b.amountPaise)} in full.`
          : `You had marked this session as held, so an admin will decide. You can add your side on your dashboard: ${site(m, '/counsellor')}.`) +
        sign(m),
    },
  };
}

/** The counsellor marked the student absent: the student is told, and how to dispute it (issue 24). */
export function markedAbsentMail(b: BookingDetails, disputeUntil: Date, m: MailSettings): Mail {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const deadline = sessionWhen(disputeUntil, disputeUntil).replace(/ - .*$/, ' IST');
  return {
    to: b.studentEmail,
    subject: `${b.counsellorName} marked you absent: ${when}`,
    text:
      `Hello ${b.studentName},\n\n${b.counsellorName} marked you as not having joined your session on ${when}. ` +
      `A session the student missed is not refunded, and it cannot be reviewed.\n\n` +
      `If you did join, dispute it before ${deadline} on My sessions (${site(m, '/sessions')}): ` +
      `an admin then looks at both sides and decides, and the counsellor is not paid for this session until then.` +
      sign(m),
  };
}

/** A disputed report waits for an admin. */
export function disputeMail(b: BookingDetails, note: string | null, m: MailSettings): Mail {
  return {
    to: m.supportEmail,
    subject: `Dispute to decide: ${b.counsellorName} / ${b.studentName}, ${sessionWhen(b.startsAt, b.endsAt)}`,
    text:
      `The student ${b.studentName} <${b.studentEmail}> reported that ${b.counsellorName} <${b.counsellorEmail}> did not join the session on ` +
      `${sessionWhen(b.startsAt, b.endsAt)} (order ${b.orderId}, ${rupees(b.amountPaise)}). The counsellor disputes it.\n\n` +
      `Counsellor's note: ${note ?? '(none: the session was marked held before the report)'}\n\nDecide on ${site(m, '/admin/disputes')}.\n\n${m.productName}`,
  };
}

/** The student is refunded because the counsellor did not join (their own word, no dispute in time, or an admin's decision). */
export function noShowRefundMails(b: BookingDetails, why: 'counsellor' | 'undisputed' | 'admin', m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const reason =
    why === 'counsellor'
      ? `${b.counsellorName} told us they could not join`
      : why === 'undisputed'
        ? 'the counsellor did not dispute your report that they did not join'
        : 'an admin decided, after looking at both sides, that the counsellor did not join';
  return {
    student: {
      to: b.studentEmail,
      subject: `Your ${rupees(b.amountPaise)} is being refunded: session of ${when}`,
      text:
        `Hello ${b.studentName},\n\nAs ${reason} your session on ${when}, your payment of ${rupees(b.amountPaise)} (order ${b.orderId}) is being refunded in full. ` +
        `Refunds usually arrive within 5-7 working days.\n\nYou can book another session: ${site(m, '/connect-students')}${sign(m)}`,
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `Session of ${when}: the student is refunded`,
      text: `Hello ${b.counsellorName},\n\nThe session with ${b.studentName} on ${when} did not take place (${reason.replace('your report', 'the report')}), so the student is refunded ${rupees(b.amountPaise)} in full.${sign(m)}`,
    },
  };
}

/** An admin decided a dispute for the counsellor: the session stands and the amount is payable. */
export function disputeCompletedMails(b: BookingDetails, note: string | null, m: MailSettings): Pair {
  const when = sessionWhen(b.startsAt, b.endsAt);
  const noteLine = note ? `\n\nThe admin's note: ${note}` : '';
  return {
    student: {
      to: b.studentEmail,
      subject: `Decision on your report: session of ${when}`,
      text: `Hello ${b.studentName},\n\nAn admin looked at your report that ${b.counsellorName} did not join the session on ${when} and at the counsellor's answer, and decided that the session took place, so it is not refunded.${noteLine}${sign(m)}`,
    },
    counsellor: {
      to: b.counsellorEmail,
      subject: `Decision on the dispute: session of ${when}`,
      text: `Hello ${b.counsellorName},\n\nAn admin decided that the session with ${b.studentName} on ${when} took place. The ${rupees(b.amountPaise)} is payable to you.${noteLine}${sign(m)}`,
    },
  };
}

/** Cashfree reports the refund processed. */
export function refundProcessedMail(b: BookingDetails, amountPaise: number, m: MailSettings): Mail {
  return {
    to: b.studentEmail,
    subject: `Refund processed: ${rupees(amountPaise)}`,
    text:
      `Hello ${b.studentName},\n\nCashfree has processed the refund of ${rupees(amountPaise)} for your session with ${b.counsellorName} on ` +
      `${sessionWhen(b.startsAt, b.endsAt)} (order ${b.orderId}). Your bank may take a few days to show it.${sign(m)}`,
  };
}
