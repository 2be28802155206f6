/** Money and session times as people here read them (IST, rupees). */

const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
const TIME = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'Asia/Kolkata' });
const SHORT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

const time = (d: Date) => TIME.format(d).replace(/\s?([ap])\.?m\.?$/i, (_, x: string) => ` ${x.toUpperCase()}M`);

/** 'Tuesday, 6 January 2026, 9:00 AM - 9:12 AM IST' */
export function sessionWhen(startsAt: string, endsAt: string): string {
  const a = new Date(startsAt);
  return `${DAY.format(a)}, ${time(a)} - ${time(new Date(endsAt))} IST`;
}

/** '6 Jan 2026' */
export function shortDate(at: string): string {
  return SHORT.format(new Date(at));
}

/** 27900 -> '₹279', 27950 -> '₹279.50'; negative amounts keep their sign in front: '-₹279'. */
export function rupees(paise: number): string {
  const abs = Math.abs(paise);
  const text = `₹${(abs / 100).toLocaleString('en-IN', { minimumFractionDigits: abs % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;
  return paise < 0 ? `-${text}` : text;
}

/** Saves text as a file (a calendar invite) from the browser. */
export function downloadText(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
