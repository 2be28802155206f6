import { addDays, istDate, istInstant } from '@rankwise/contract/bookings';
import { sessionMessages } from '@rankwise/contract/sessions';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { TestClock } from '../src/lib/clock.ts';
import { approvedCounsellor, createPerson, makeAdmin, seedInstitutes, type Person } from './helpers/people.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

const CLIENT_ID = 'cf-payouts-client';
const SECRET = 'cf-payouts-secret-0123456789';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const HOUR = 3600_000;

/** Issue 24 item 5 and 8: payouts, the paged dashboard, absent marking, a late reschedule. */
describe.each(databaseKinds)("the counsellor's money and sessions on %s", (kind) => {
  let t: TestApp;
  let cf: CashfreeStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock: TestClock;
  let admin: Person;
  let counsellor: { person: Person; id: string };

  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: CLIENT_ID, clientSecret: SECRET });
    cf.state.autoWebhooks = false;
    smtp = await startSmtpSink();
    clock = new TestClock();
    t = await buildTestApp(kind, {
      env: {
        CASHFREE_CLIENT_ID: CLIENT_ID,
        CASHFREE_CLIENT_SECRET: SECRET,
        CASHFREE_API_BASE: cf.apiBase,
        SMTP_URL: smtp.url,
        ADDRESS_RATE_LIMIT_FACTOR: '100',
        JOBS_WORKER: 'false',
        COUNSELLOR_COMMISSION_PERCENT: '20',
      },
      clock,
    });
    await seedInstitutes(t);
    admin = await makeAdmin(t);
    counsellor = await approvedCounsellor(t, admin, { availableDays: EVERY_DAY, timeRanges: [{ start: 480, end: 1200 }] });
  });
  afterAll(async () => {
    await cf?.close();
    await t?.close();
    await smtp?.close();
  });

  const day = (n: number) => addDays(istDate(clock.now()), n);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: Person, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => ((await t.db.database.db.execute(q)) as unknown as { rows: T[] }).rows;

  async function book(s: Person, date: string, time: string, duration: 12 | 25 = 12, with_ = counsellor) {
    const res = await call('POST', '/cashfree/payment', s, { phone: '9876543210', counsellorId: with_.id, selectedDate: date, selectedTime: time, duration });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order_id as string;
    cf.actions.attempt(orderId, 'success', { webhook: false });
    expect((await call('POST', '/cashfree/verify', s, { order_id: orderId })).statusCode).toBe(200);
    const [b] = await rows<{ id: string }>(sql`select booking_id as id from payments where order_id = ${orderId}`);
    const startsAt = istInstant(date, Number(time.slice(0, 2)) * 60 + Number(time.slice(3)));
    return { id: b.id, startsAt, endsAt: new Date(startsAt.getTime() + duration * 60_000) };
  }

  it('takes payout details as UPI or a bank account, checks them, and shows them back only masked', async () => {
    expect((await call('GET', '/counselor/payout-details', await createPerson(t))).statusCode).toBe(403);
    const me = counsellor.person;
    expect((await call('GET', '/counselor/payout-details', me)).json().data).toEqual({ details: null, commissionPercent: 20 });
    const badUpi = await call('PUT', '/counselor/payout-details', me, { method: 'upi', upiId: 'not a upi' });
    expect([badUpi.statusCode, badUpi.json().fieldErrors]).toEqual([400, { upiId: ['Enter a UPI ID such as name@okaxis'] }]);
    const badBank = await call('PUT', '/counselor/payout-details', me, { method: 'bank', accountName: 'Riya\nNaik', accountNumber: '12ab', ifsc: 'SBIN123' });
    expect(badBank.statusCode).toBe(400);
    expect(Object.keys(badBank.json().fieldErrors).sort()).toEqual(['accountName', 'accountNumber', 'ifsc']);

    const bank = await call('PUT', '/counselor/payout-details', me, {
      method: 'bank',
      accountName: 'Riya Naik',
      accountNumber: '1234 5678 9012',
      ifsc: 'sbin0001234',
    });
    expect(bank.json().data.details).toMatchObject({ method: 'bank', masked: 'A/c ••••••••9012 · SBIN0001234 · Riya Naik' });
    expect(bank.body).not.toContain('123456789012');
    const upi = await call('PUT', '/counselor/payout-details', me, { method: 'upi', upiId: 'riya.naik@okaxis' });
    expect(upi.json().data.details).toMatchObject({ method: 'upi', masked: 'ri•••@okaxis' });
    const again = await call('GET', '/counselor/payout-details', me);
    expect(again.body).not.toContain('riya.naik@okaxis');
    expect(again.headers['cache-control']).toBe('no-store');
  });

  it('states the commission on earnings, says when held money becomes payable, and the admin report pays exactly what was earned, once', async () => {
    const s = await createPerson(t);
    const short = await book(s, day(1), '09:00', 12);
    const long = await book(s, day(1), '10:00', 25);
    const third = await book(s, day(2), '09:00', 12);
    const held = (await call('GET', '/counselor/earnings', counsellor.person)).json().data;
    expect(held.commissionPercent).toBe(20);
    const row = held.schedule.find((x: { bookingId: string }) => x.bookingId === short.id);
    expect(row).toMatchObject({ state: 'held', amountPaise: 27900, netPaise: 22320, payableFrom: new Date(short.endsAt.getTime() + 24 * HOUR).toISOString() });

    // Both sessions of day 1 complete 24 h after their end: payable.
    clock.set(new Date(long.endsAt.getTime() + 24 * HOUR + 60_000));
    await t.app.jobs.runDue();
    const earned = (await call('GET', '/counselor/earnings', counsellor.person)).json().data;
    expect(earned.totals).toMatchObject({ payablePaise: 27900 + 41900, payableNetPaise: 69800 - 13960, paidOutPaise: 0 });
    expect(earned.schedule.find((x: { bookingId: string }) => x.bookingId === long.id)).toMatchObject({ state: 'payable', netPaise: 33520 });
    expect(earned.schedule.find((x: { bookingId: string }) => x.bookingId === third.id)).toMatchObject({ state: 'held' });
    // The report's period starts on the day these became payable (IST).
    const from = istDate(clock.now());

    // Another counsellor earned something too, without payout details.
    const other = await approvedCounsellor(t, admin, {
      name: 'Kabir Shah',
      instituteId: 'iit-bombay',
      availableDays: EVERY_DAY,
      timeRanges: [{ start: 480, end: 1200 }],
    });
    const theirs = await book(await createPerson(t), day(1), '11:00', 12, other);
    clock.set(new Date(Math.max(clock.now().getTime(), theirs.endsAt.getTime() + 24 * HOUR + 120_000)));
    await t.app.jobs.runDue();

    // By now the day-2 session has completed too: three sessions are due to this counsellor.
    const today = istDate(clock.now());
    expect((await call('GET', `/admin/payouts/report?from=${from}&to=${today}`, counsellor.person)).statusCode).toBe(403);
    const backwards = await call('GET', `/admin/payouts/report?from=${today}&to=${from}`, admin);
    expect(backwards.statusCode).toBe(400);
    const report = (await call('GET', `/admin/payouts/report?from=${from}&to=${today}`, admin)).json().data;
    const mine = report.due.find((l: { counsellorId: string }) => l.counsellorId === counsellor.id);
    expect(mine).toMatchObject({ method: 'upi', payTo: 'UPI riya.naik@okaxis', sessions: 3, grossPaise: 97700, commissionPaise: 19540, netPaise: 78160 });
    const kabir = report.due.find((l: { counsellorId: string }) => l.counsellorId === other.id);
    expect(kabir).toMatchObject({ method: null, payTo: null, sessions: 1, grossPaise: 27900, netPaise: 22320 });
    const csv = report.csv.content.split('\r\n');
    expect(csv[0]).toBe('counsellor_id,name,email,college,method,pay_to,sessions,gross_inr,commission_inr,net_inr,period_from,period_to');
    expect(csv).toContain(
      `${counsellor.id},Riya Naik,${counsellor.person.email},National Institute of Technology Goa,upi,UPI riya.naik@okaxis,3,977.00,195.40,781.60,${from},${today}`,
    );
    expect(csv.find((l: string) => l.startsWith(other.id))).toContain('NO PAYOUT DETAILS');

    // Recording: a reference is required; without payout details it cannot be paid.
    const noRef = await call('POST', '/admin/payouts/mark-paid', admin, { counsellorId: counsellor.id, from, to: today, reference: '' });
    expect(noRef.statusCode).toBe(400);
    const noDetails = await call('POST', '/admin/payouts/mark-paid', admin, { counsellorId: other.id, from, to: today, reference: 'UTR123456' });
    expect([noDetails.statusCode, noDetails.json().message]).toEqual([409, 'This counsellor has not given payout details yet.']);
    const paid = await call('POST', '/admin/payouts/mark-paid', admin, { counsellorId: counsellor.id, from, to: today, reference: 'UPI-REF-42' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ sessions: 3, grossPaise: 97700, commissionPaise: 19540, netPaise: 78160, reference: 'UPI-REF-42' });
    const twice = await call('POST', '/admin/payouts/mark-paid', admin, { counsellorId: counsellor.id, from, to: today, reference: 'UPI-REF-43' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Nothing is due to this counsellor for that period.']);

    const after = (await call('GET', `/admin/payouts/report?from=${from}&to=${today}`, admin)).json().data;
    expect(after.due.map((l: { counsellorId: string }) => l.counsellorId)).toEqual([other.id]);
    expect(after.paid).toEqual([expect.objectContaining({ counsellorId: counsellor.id, netPaise: 78160, reference: 'UPI-REF-42' })]);
    const mineNow = (await call('GET', '/counselor/earnings', counsellor.person)).json().data;
    expect(mineNow.totals).toMatchObject({ payablePaise: 0, paidOutPaise: 97700 });
    expect(
      mineNow.entries
        .filter((e: { kind: string }) => e.kind === 'payout')
        .map((e: { amountPaise: number }) => e.amountPaise)
        .sort((a: number, b: number) => a - b),
    ).toEqual([-41900, -27900, -27900]);
    // The ledger still adds up: everything received = held + payable + paid out.
    expect(mineNow.totals.receivedPaise - mineNow.totals.refundedPaise).toBe(
      mineNow.totals.heldPaise + mineNow.totals.payablePaise + mineNow.totals.paidOutPaise,
    );
  });

  it('tells a student marked absent, lets them dispute it, and the counsellor is not paid until an admin decides', async () => {
    const s = await createPerson(t);
    const session = await book(s, day(3), '15:00');
    clock.set(new Date(session.startsAt.getTime() + 20 * 60_000));
    const marked = await call('POST', `/counselor/sessions/${session.id}/outcome`, counsellor.person, { outcome: 'student_absent' });
    expect([marked.statusCode, marked.json().message]).toEqual([200, sessionMessages.markedAbsent]);
    await t.app.jobs.runDue();
    const mail = await smtp.waitFor((m) => m.to.includes(s.email) && /marked you absent/.test(m.subject));
    expect(mail.text).toContain('dispute it before');
    const mine = (await call('GET', '/sessions/mine', s)).json().data.past.find((x: { id: string }) => x.id === session.id);
    expect(mine).toMatchObject({
      markedAbsent: true,
      absenceDisputeUntil: new Date(session.endsAt.getTime() + 24 * HOUR).toISOString(),
      reviewBlockedReason: sessionMessages.absenceNotReviewable,
      can: { reportAbsence: true, review: false },
    });
    const disputed = await call('POST', `/sessions/${session.id}/report-absence`, s);
    expect(disputed.statusCode).toBe(200);
    clock.set(new Date(session.endsAt.getTime() + 30 * HOUR));
    await t.app.jobs.runDue();
    expect((await rows<{ status: string }>(sql`select status from bookings where id = ${session.id}`))[0].status).toBe('disputed');
    const schedule = (await call('GET', '/counselor/earnings', counsellor.person)).json().data.schedule;
    expect(schedule.find((x: { bookingId: string }) => x.bookingId === session.id)).toMatchObject({
      state: 'held',
      payableFrom: null,
      waitingFor: expect.stringContaining('admin'),
    });
  });

  it('a reschedule after the start says so, not that the session cannot be cancelled', async () => {
    const s = await createPerson(t);
    const session = await book(s, day(4), '16:00');
    clock.set(new Date(session.startsAt.getTime() + 60_000));
    const res = await call('POST', `/sessions/${session.id}/reschedule`, s, { selectedDate: day(3), selectedTime: '17:00' });
    expect([res.statusCode, res.json().message]).toEqual([409, sessionMessages.rescheduleTooLate]);
    expect(res.json().message).not.toMatch(/cancel/i);
  });

  it('shows a counsellor with 300 sessions every one of them, upcoming soonest first and past latest first, in pages', async () => {
    const busy = await approvedCounsellor(t, admin, { name: 'Busy Counsellor', availableDays: EVERY_DAY, timeRanges: [{ start: 480, end: 1200 }] });
    const student = await createPerson(t);
    const now = clock.now();
    // 120 past and 180 upcoming confirmed sessions, 30 minutes apart (written directly: the booking path has its own tests).
    await t.db.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into bookings (counsellor_id, student_id, starts_at, ends_at, duration_minutes, status, hold_expires_at, student_phone, confirmed_at, meeting_url)
        select ${busy.id}, ${student.id}, s, s + interval '12 minutes', 12, 'confirmed', s, '9876543210', s - interval '1 day', 'https://meet.example.org/x'
        from (select ${now.toISOString()}::timestamptz + (g * interval '30 minutes') as s from generate_series(-120, 179) g) x`);
      await tx.execute(sql`
        insert into payments (booking_id, order_id, amount_paise, status, paid_at)
        select id, 'bulk_' || id, 27900, 'paid', confirmed_at from bookings where counsellor_id = ${busy.id}`);
    });
    const page = async (q: string) => (await call('GET', `/counselor/sessions?${q}`, busy.person)).json().data;
    const first = await page('');
    expect([first.upcomingTotal, first.pastTotal, first.pageSize]).toEqual([180, 120, 50]);
    const seen = new Set<string>();
    const upcomingStarts: number[] = [];
    for (let p = 1; p <= Math.ceil(first.upcomingTotal / 50); p++) {
      for (const x of (await page(`upcomingPage=${p}`)).upcoming) {
        seen.add(x.id);
        upcomingStarts.push(Date.parse(x.startsAt));
      }
    }
    const pastStarts: number[] = [];
    for (let p = 1; p <= Math.ceil(first.pastTotal / 50); p++) {
      for (const x of (await page(`pastPage=${p}`)).past) {
        seen.add(x.id);
        pastStarts.push(Date.parse(x.startsAt));
      }
    }
    expect(seen.size).toBe(300);
    expect(upcomingStarts).toEqual([...upcomingStarts].sort((a, b) => a - b));
    expect(pastStarts).toEqual([...pastStarts].sort((a, b) => b - a));
    // This week's sessions are on the first page, the soonest first.
    expect(Date.parse(first.upcoming[0].startsAt)).toBe(Math.min(...upcomingStarts));
    expect((await page('pastPage=3')).past).toHaveLength(20);
    expect((await call('GET', '/counselor/sessions?pastPage=0', busy.person)).statusCode).toBe(400);
    expect((await call('GET', '/counselor/sessions?pageSize=5000', busy.person)).statusCode).toBe(400);
  });
});
