import { E2E_CONTROL_PORT } from './ports.ts';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
};
const base = `http://127.0.0.1:${E2E_CONTROL_PORT}`;

/** Mail the harness's SMTP server received. */
export async function mails(): Promise<ReceivedMail[]> {
  return (await fetch(`${base}/mails`)).json() as Promise<ReceivedMail[]>;
}

export async function waitForMail(pred: (m: ReceivedMail) => boolean, ms = 10_000): Promise<ReceivedMail> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const found = (await mails()).find(pred);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no matching mail arrived');
}

/** Reads the app's database (tests only). */
export async function query<T = Record<string, unknown>>(sqlText: string): Promise<T[]> {
  const res = await fetch(`${base}/sql`, { method: 'POST', body: JSON.stringify({ query: sqlText }) });
  const body = (await res.json()) as { rows?: T[]; error?: string };
  if (!res.ok) throw new Error(body.error);
  return body.rows ?? [];
}

/** Who the local OpenID provider (Google's stand-in) signs in next. */
export async function setGoogleIdentity(identity: { sub: string; email: string; name?: string }): Promise<void> {
  await fetch(`${base}/google-identity`, { method: 'POST', body: JSON.stringify(identity) });
}

/** Gives an account a role in the database (as `npm run admin -- grant` does). */
export async function grantRole(email: string, role: 'admin' | 'counsellor'): Promise<void> {
  const res = await fetch(`${base}/grant-role`, { method: 'POST', body: JSON.stringify({ email, role }) });
  if (!res.ok) throw new Error(`grant-role failed: ${res.status}`);
}
