import { formatClock, WEEKDAYS } from '@rankwise/contract/counsellors';
import type { Mail } from '../../plugins/mail.ts';
import type { BookingDetails } from './bookings.repository.ts';

const IST_OFFSET_MS = 330 * 60_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** IST wall-clock parts of an instant. */
function ist(d: Date) {
  const t = new Date(d.getTime() + IST_OFFSET_MS);
  return {
    y: t.getUTCFullYear(),
    mo: t.getUTCMonth(),
    d: t.getUTCDate(),
    wd: t.getUTCDay(),
    minutes: t.getUTCHours() * 60 + t.getUTCMinutes(),
    s: t.getUTCSeconds(),
  };
}

/** 'Tuesday, 6 January 2026, 9 AM - 9:12 AM IST' */
export function sessionWhen(startsAt: Date, endsAt: Date): string {
  const a = ist(startsAt);
  return `${WEEKDAYS[a.wd]}, ${a.d} ${MONTHS[a.mo]} ${a.y}, ${formatClock(a.minutes)} - ${formatClock(ist(endsAt).minutes)} IST`;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** Local IST time for DTSTART;TZID=Asia/Kolkata: 20260106T090000 */
function icsLocal(d: Date): string {
  const p = ist(d);
  return `${p.y}${pad(p.mo + 1)}${pad(p.d)}T${pad(Math.floor(p.minutes / 60))}${pad(p.minutes % 60)}${pad(p.s)}`;
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

/** The calendar invite: one event in Asia/Kolkata (IST, no daylight saving) with the meeting link. */
export function bookingIcs(b: BookingDetails, productName: string, now = new Date()): string {
  const summary = `${productName} session: ${b.studentName} with ${b.counsellorName}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${productName}//Counselling sessions//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
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
    'STATUS:CONFIRMED',
    'SEQUENCE:0',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Your session starts in 15 minutes',
    'TRIGGER:-PT15M',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(paise % 100 === 0 ? 0 : 2)}`;

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
