import { expect, type APIRequestContext } from '@playwright/test';
import { query, waitForMail } from './control.ts';

/**
 * Setting the scene through the API (what other specs test through the screens): accounts, an
 * approved counsellor, and sessions paid at the Cashfree stand-in.
 */

let counter = 0;
export type Account = { username: string; email: string; password: string; token: string; auth: { authorization: string } };

/** A new account through the sign-up calls (the code read from the SMTP server), signed in. */
export async function createAccount(request: APIRequestContext, prefix = 'student'): Promise<Account> {
  const id = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const creds = { username: `${prefix}_${id}`, email: `${prefix}.${id}@example.in`, password: `pass-${id}-long` };
  expect((await request.post('/api/v1/auth/verify-account', { data: { username: creds.username, email: creds.email } })).status()).toBe(200);
  const mail = await waitForMail((m) => m.to.includes(creds.email) && /verification code/.test(m.subject));
  const otp = /\b(\d{6})\b/.exec(mail.text)![1];
  expect((await request.post('/api/v1/auth/register', { data: { ...creds, otp } })).status()).toBe(201);
  return { ...creds, ...(await signInByApi(request, creds)) };
}

export async function signInByApi(
  request: APIRequestContext,
  creds: { email: string; password: string },
): Promise<{ token: string; auth: { authorization: string } }> {
  const res = await request.post('/api/v1/auth/login', { data: { email: creds.email, password: creds.password } });
  expect(res.status()).toBe(200);
  const token = ((await res.json()) as { accessToken: string }).accessToken;
  return { token, auth: { authorization: `Bearer ${token}` } };
}

/** A counsellor of `instituteId` who takes sessions every day, 8 AM to 8 PM IST, approved (as an admin would). */
export async function approvedCounsellor(request: APIRequestContext, name: string, instituteId = 'nit-goa'): Promise<Account & { id: string }> {
  const person = await createAccount(request, 'counsellor');
  await verifyCollegeEmail(request, person, instituteId);
  const applied = await request.post('/api/v1/counselor/apply', {
    headers: person.auth,
    data: {
      instituteId,
      name,
      yearOfStudy: 2,
      program: 'B.Tech Electrical Engineering',
      about: 'Second-year EE student; ask me about labs, clubs, hostels and how the first year really goes.',
      availableDays: [0, 1, 2, 3, 4, 5, 6],
      timeRanges: [{ start: 480, end: 1200 }],
    },
  });
  expect(applied.status()).toBe(201);
  const id = ((await applied.json()) as { data: { id: string } }).data.id;
  await query(`update counsellors set status = 'approved', reviewed_at = now() where id = '${id}'`);
  await query(`insert into user_roles (user_id, role) select user_id, 'counsellor' from counsellors where id = '${id}' on conflict do nothing`);
  return { ...person, id };
}

/**
 * Proves enrolment as an applicant does (docs/decisions 0026): a code e-mailed to an address at the
 * college's own domain (from the real institute data), read from the SMTP server and entered.
 */
export async function verifyCollegeEmail(request: APIRequestContext, person: Account, instituteId: string): Promise<string> {
  const colleges = (await (await request.get('/api/v1/counselor/colleges')).json()) as { data: { id: string; studentMailDomains: string[] }[] };
  const domain = colleges.data.find((c) => c.id === instituteId)!.studentMailDomains[0];
  const email = `${person.username.toLowerCase()}@${domain}`;
  expect((await request.post('/api/v1/counselor/proof/email', { headers: person.auth, data: { instituteId, email } })).status()).toBe(200);
  const mail = await waitForMail((m) => m.to.includes(email) && /student verification code/.test(m.subject));
  const code = /Your code: (\d{6})/.exec(mail.text)![1];
  expect((await request.post('/api/v1/counselor/proof/email/confirm', { headers: person.auth, data: { instituteId, email, code } })).status()).toBe(200);
  return email;
}

/** The IST date `days` after today: 'YYYY-MM-DD'. */
export function istDay(days: number): string {
  const t = new Date(Date.now() + 330 * 60_000 + days * 86_400_000);
  return t.toISOString().slice(0, 10);
}

/** A session paid at the Cashfree stand-in and verified: its booking id and order id. */
export async function bookPaidSession(
  request: APIRequestContext,
  student: Account,
  counsellorId: string,
  date: string,
  time: string,
  duration: 12 | 25 = 12,
): Promise<{ bookingId: string; orderId: string }> {
  const pay = await request.post('/api/v1/cashfree/payment', {
    headers: student.auth,
    data: { phone: '9876543210', counsellorId, selectedDate: date, selectedTime: time, duration },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  const { payment_session_id, order_id } = (await pay.json()) as { payment_session_id: string; order_id: string };
  const config = (await (await request.get('/api/v1/app/config')).json()) as { payments: { sdkUrl: string } };
  const standIn = new URL(config.payments.sdkUrl).origin;
  expect((await request.post(`${standIn}/checkout/${payment_session_id}/attempt`, { data: { outcome: 'success' } })).status()).toBe(200);
  expect((await request.post('/api/v1/cashfree/verify', { headers: student.auth, data: { order_id } })).status()).toBe(200);
  const [b] = await query<{ id: string }>(`select booking_id as id from payments where order_id = '${order_id}'`);
  return { bookingId: b.id, orderId: order_id };
}

/** The session took place `daysAgo` days ago (its time moved into the past; the rest is as it was). */
export async function moveIntoPast(bookingId: string, daysAgo: number): Promise<void> {
  await query(
    `update bookings set starts_at = now() - interval '${daysAgo} days', ends_at = now() - interval '${daysAgo} days' + make_interval(mins => duration_minutes) where id = '${bookingId}'`,
  );
}
