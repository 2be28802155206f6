import { formatClock, WEEKDAYS } from './counsellors.ts';

/**
 * Money and session times as people here read them (rupees, IST), written the same by the server
 * (e-mails, messages) and the browser (pages). Plain arithmetic, no Intl: the output cannot differ
 * between Node and a browser's locale data.
 */

/** India Standard Time is UTC+5:30 all year (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** IST wall-clock parts of an instant. */
export function istWall(at: Date | string) {
  const t = new Date(new Date(at).getTime() + IST_OFFSET_MS);
  return {
    year: t.getUTCFullYear(),
    month: t.getUTCMonth(),
    day: t.getUTCDate(),
    weekday: t.getUTCDay(),
    minutes: t.getUTCHours() * 60 + t.getUTCMinutes(),
    seconds: t.getUTCSeconds(),
  };
}

/** Indian digit grouping: 1234567 -> '12,34,567'. */
export function indianGrouping(n: number): string {
  const s = String(Math.trunc(Math.abs(n)));
  const last3 = s.slice(-3);
  const rest = s.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}

/** 27900 -> '₹279', 27950 -> '₹279.50', 12345600 -> '₹1,23,456'; a negative amount has its sign in front: '-₹279'. */
export function rupees(paise: number): string {
  const abs = Math.abs(Math.round(paise));
  const whole = indianGrouping(Math.floor(abs / 100));
  const text = abs % 100 === 0 ? `₹${whole}` : `₹${whole}.${String(abs % 100).padStart(2, '0')}`;
  return paise < 0 && abs > 0 ? `-${text}` : text;
}

/** A session's clock time: 540 -> '9:00 AM', 1290 -> '9:30 PM' (minutes always shown). */
export function sessionClock(minutes: number): string {
  const t = formatClock(minutes);
  return t.includes(':') ? t : t.replace(' ', ':00 ');
}

/** 'Tuesday, 6 January 2026' (IST). */
export function sessionDay(at: Date | string): string {
  const p = istWall(at);
  return `${WEEKDAYS[p.weekday]}, ${p.day} ${MONTHS[p.month]} ${p.year}`;
}

/** 'Tuesday, 6 January 2026, 9:00 AM - 9:12 AM IST' */
export function sessionWhen(startsAt: Date | string, endsAt: Date | string): string {
  return `${sessionDay(startsAt)}, ${sessionClock(istWall(startsAt).minutes)} - ${sessionClock(istWall(endsAt).minutes)} IST`;
}

/** One moment: 'Tuesday, 6 January 2026, 9:00 AM IST' */
export function istMoment(at: Date | string): string {
  return `${sessionDay(at)}, ${sessionClock(istWall(at).minutes)} IST`;
}

/** '6 Jan 2026' (IST). */
export function shortDate(at: Date | string): string {
  const p = istWall(at);
  return `${p.day} ${MONTHS[p.month].slice(0, 3)} ${p.year}`;
}
