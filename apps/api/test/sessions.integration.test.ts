import { addDays, istDate, istInstant } from '@rankwise/contract/bookings';
import { reviewMessages } from '@rankwise/contract/reviews';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { webhookSignature } from '../src/modules/payments/cashfree-client.ts';
import { TestClock } from '../src/lib/clock.ts';
import { buildApp } from '../src/app.ts';
import { approvedCounsellor, createPerson, makeAdmin, seedInstitutes, type Person } from './helpers/people.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

const CLIENT_ID = 'cf-test-client';
const SECRET = 'cf-test-secret-0123456789';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const HOUR = 3600_000;

/**
 * Issue 12 through the API, with the Cashfree stand-in, a real SMTP server and the app's clock in
 * the test's hands: reviews only after a session that took place, cancellation and refund rules,
 * no-shows and disputes, reminders, and the counsellor's ledger.
 */
describe.each(databaseKinds)('sessions, refunds, reminders and reviews on %s', (kind) => {
  let t: TestApp;
  let cf: CashfreeStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let clock: TestClock;
  let admin: Person;
  let counsellor: { person: Person; id: string };
  let env: Record<string, string>;

  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: CLIENT_ID, clientSecret: SECRET });
    // The app's clock runs days ahead of the stand-in's, whose webhooks would then be too old: refunds are followed by polling.
    cf.state.autoWebhooks = false;
    smtp = await startSmtpSink();
    clock = new TestClock();
    env = {
      CASHFREE_CLIENT_ID: CLIENT_ID,
      CASHFREE_CLIENT_SECRET: SECRET,
      CASHFREE_API_BASE: cf.apiBase,
      SMTP_URL: smtp.url,
      MEETING_BASE_URL: 'https://meet.example.org',
      ADDRESS_RATE_LIMIT_FACTOR: '100',
      // Jobs run when the test says so (runDue), by the test's clock.
      JOBS_WORKER: 'false',
    };
    t = await buildTestApp(kind, { env, clock });
    await seedInstitutes(t);
    admin = await makeAdmin(t);
    counsellor = await approvedCounsellor(t, admin, {
      availableDays: EVERY_DAY,
      timeRanges: [
        { start: 480, end: 720 },
        { start: 900, end: 1200 },
      ],
    });
  });
  afterAll(async () => {
    await cf?.close();
    await t?.close();
    await smtp?.close();
  });

  /** A date n days after the app's today (IST). */
  const day = (n: number) => addDays(istDate(clock.now()), n);
  const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  /** Moves the app's clock forward to `at`. */
  const moveTo = (at: Date) => {
    expect(at.getTime()).toBeGreaterThan(clock.now().getTime());
    clock.set(at);
  };
  const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => ((await t.db.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const call = (method: 'GET' | 'POST', url: string, who?: Person, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** A paid, confirmed session: the student pays at the stand-in and the app verifies the order. */
  async function book(s: Person, date: string, time: string, duration: 12 | 25 = 12) {
    const res = await call('POST', '/cashfree/payment', s, {
      phone: '9876543210',
      counsellorId: counsellor.id,
      selectedDate: date,
      selectedTime: time,
      duration,
    });
    expect(res.statusCode, res.body).toBe(200);
    const orderId = res.json().order_id as string;
    cf.actions.attempt(orderId, 'success', { webhook: false });
    const verified = await call('POST', '/cashfree/verify', s, { order_id: orderId });
    expect(verified.statusCode, verified.body).toBe(200);
    const [b] = await rows<{ id: string }>(sql`select booking_id as id from payments where order_id = ${orderId}`);
    const startsAt = istInstant(date, minutesOf(time));
    return { id: b.id, orderId, startsAt, endsAt: new Date(startsAt.getTime() + duration * 60_000) };
  }
  const status = async (id: string) => (await rows<{ status: string }>(sql`select status from bookings where id = ${id}`))[0].status;
  const refundsAt = (orderId: string) => cf.state.refunds.get(orderId) ?? [];
  const refundRow = async (bookingId: string) =>
    (
      await rows<{ status: string; amount_paise: number; reason: string }>(
        sql`select status, amount_paise, reason from refunds where booking_id = ${bookingId}`,
      )
    )[0];
  const mailsTo = (email: string, subject: RegExp) => smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));

  /** The ledger adds up: for the counsellor, all entries = payments received - refunds; by account, its balance. */
  async function expectLedgerAddsUp() {
    const [money] = await rows<{ paid: number; refunded: number; ledger: number }>(sql`
      select
        (select coalesce(sum(p.amount_paise), 0)::int from payments p join bookings b on b.id = p.booking_id where p.status = 'paid' and b.counsellor_id = ${counsellor.id}) as paid,
        (select coalesce(sum(r.amount_paise), 0)::int from refunds r join bookings b on b.id = r.booking_id where b.counsellor_id = ${counsellor.id}) as refunded,
        (select coalesce(sum(amount_paise), 0)::int from ledger_entries where counsellor_id = ${counsellor.id}) as ledger`);
    expect(Number(money.ledger)).toBe(Number(money.paid) - Number(money.refunded));
    const earnings = (await call('GET', '/counselor/earnings', counsellor.person)).json().data;
    expect(earnings.totals.receivedPaise).toBe(Number(money.paid));
    expect(earnings.totals.refundedPaise).toBe(Number(money.refunded));
    expect(earnings.totals.heldPaise + earnings.totals.payablePaise).toBe(Number(money.paid) - Number(money.refunded));
    return earnings as { totals: { receivedPaise: number; refundedPaise: number; heldPaise: number; payablePaise: number } };
  }

  it('reviews: none without a completed session (canReview false, 403 with the spec message); after one, one review and no second', async () => {
    const s = await createPerson(t);
    const other = await createPerson(t);
    const get = (who?: Person, id: string = counsellor.id) => call('GET', `/reviews/get-reviews?counsellorId=${id}`, who);
    const send = (who: Person | undefined, body: Record<string, unknown>) => call('POST', '/reviews/send-review', who, body);
    const good = { rating: 4, review: 'Clear answers about hostels and the first-year workload.', counsellorId: counsellor.id };

    // Spec §5, from the server, in its order.
    const signedOut = await send(undefined, good);
    expect([signedOut.statusCode, signedOut.json().message]).toEqual([401, reviewMessages.signIn]);
    const noId = await send(s, { ...good, counsellorId: undefined });
    expect([noId.statusCode, noId.json().message, noId.json().fieldErrors]).toEqual([
      400,
      'Counsellor ID is required',
      { counsellorId: ['Counsellor ID is required'] },
    ]);
    expect((await call('GET', '/reviews/get-reviews', s)).json().message).toBe('Counsellor ID is required');
    for (const review of ['', '   ', undefined]) {
      const blank = await send(s, { ...good, review });
      expect([blank.statusCode, blank.json().message]).toEqual([400, 'Please enter a review']);
    }
    for (const rating of [0, 6, 2.5, undefined]) {
      const bad = await send(s, { ...good, rating });
      expect([bad.statusCode, bad.json().message], String(rating)).toEqual([400, reviewMessages.rating]);
    }
    const long = await send(s, { ...good, review: 'x'.repeat(2001) });
    expect([long.statusCode, long.json().message]).toEqual([400, 'A review can be at most 2000 characters']);
    expect((await get(s, '00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);

    // Not yet a session: a booking not yet held.
    const before = await get(s);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      data: {
        reviews: [],
        averageRating: null,
        count: 0,
        canReview: false,
        counsellor: { _id: counsellor.id, Name: 'Riya Naik', College: 'National Institute of Technology Goa' },
      },
      message: reviewMessages.fetched,
    });
    const refused = await send(s, good);
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'You can only review counsellors after booking a session with them']);

    const session = await book(s, day(1), '08:00');
    expect((await get(s)).json().data.canReview).toBe(false);
    expect((await send(s, good)).statusCode).toBe(403);

    // The session ends: now it can be reviewed, by this student only, once.
    moveTo(new Date(session.endsAt.getTime() + 60_000));
    expect((await get(s)).json().data.canReview).toBe(true);
    expect((await get(other)).json().data.canReview).toBe(false);
    expect((await get()).json().data.canReview).toBe(false);
    expect((await send(other, good)).statusCode).toBe(403);

    const html = '<b>Great</b> & <script>alert(1)</script> advice';
    const [first, second] = await Promise.all([send(s, { ...good, review: `  ${html}  ` }), send(s, { ...good, rating: 1 })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 403]);
    const accepted = first.statusCode === 201 ? first : second;
    expect(accepted.json().message).toBe(reviewMessages.submitted);
    const again = await send(s, good);
    expect([again.statusCode, again.json().message]).toEqual([403, 'You can only review counsellors after booking a session with them']);
    expect(await rows(sql`select id from reviews where booking_id = ${session.id}`)).toHaveLength(1);

    const after = (await get(s)).json().data;
    expect(after).toMatchObject({ count: 1, canReview: false });
    expect(after.reviews[0].userId).toEqual({ username: s.username });
    if (first.statusCode === 201) expect(after.reviews[0]).toMatchObject({ rating: 4, review: html }); // stored as written, shown escaped by the page
    expect(after.averageRating).toBe(after.reviews[0].rating);

    // The counsellor cards show the average and the count.
    const list = (await call('POST', '/counselor/all', undefined, { instituteName: 'NIT Goa' })).json().data;
    expect(list.find((c: { _id: string }) => c._id === counsellor.id)).toMatchObject({ averageRating: after.averageRating, reviewCount: 1 });

    // A database constraint keeps one review per session, whatever the service does.
    await expect(
      t.db.database.db.execute(
        sql`insert into reviews (booking_id, counsellor_id, student_id, rating, review) values (${session.id}, ${counsellor.id}, ${s.id}, 5, 'again')`,
      ),
    ).rejects.toThrow();
  });

  it('a student who cancels 25 h before gets exactly one full refund through Cashfree; at 23 h, none; the slot reopens', async () => {
    const s = await createPerson(t);
    const early = await book(s, day(2), '09:00');
    const late = await book(s, day(2), '10:00', 25);

    moveTo(new Date(early.startsAt.getTime() - 25 * HOUR));
    let mine = (await call('GET', '/sessions/mine', s)).json().data;
    const e = mine.upcoming.find((x: { id: string }) => x.id === early.id);
    expect(e.can).toMatchObject({ cancel: true, cancelWithRefund: true, reschedule: true, reportAbsence: false, review: false });
    const cancelled = await call('POST', `/sessions/${early.id}/cancel`, s);
    expect([cancelled.statusCode, cancelled.json().message]).toEqual([200, 'Session cancelled. Your payment of ₹279 will be refunded in full.']);
    expect(await status(early.id)).toBe('cancelled');
    expect((await call('POST', `/sessions/${early.id}/cancel`, s)).statusCode).toBe(409);

    // Sent by the refund job once the cancellation committed, and followed until Cashfree says it is processed.
    await t.app.jobs.runDue();
    expect(refundsAt(early.orderId)).toHaveLength(1);
    expect(refundsAt(early.orderId)[0]).toMatchObject({ refund_id: `rf_${early.orderId}`, refund_amount: 279 });
    await new Promise((r) => setTimeout(r, 120)); // the stand-in's bank processes it
    clock.advance(31_000);
    await t.app.jobs.runDue();
    expect(await refundRow(early.id)).toMatchObject({ status: 'success', amount_paise: 27900, reason: 'student_cancelled' });
    expect(refundsAt(early.orderId)).toHaveLength(1);
    const refundPosts = cf.state.requests.filter((r) => r.method === 'POST' && r.path === `/orders/${early.orderId}/refunds`);
    expect(refundPosts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refundPosts.map((r) => (r.body as { refund_id: string }).refund_id))).toEqual(new Set([`rf_${early.orderId}`]));
    expect(mailsTo(s.email, /^Session cancelled/)).toHaveLength(1);
    expect(mailsTo(counsellor.person.email, /^Session cancelled/)).toHaveLength(1);
    expect(mailsTo(s.email, /^Refund processed: ₹279$/)).toHaveLength(1);
    expect(mailsTo(s.email, /^Session cancelled/)[0].attachments[0].content).toContain('METHOD:CANCEL');

    // The slot is free again: another student books it.
    const slots = (await call('GET', `/counselor/slots/${counsellor.id}`)).json();
    expect(slots).not.toContainEqual({ date: istDate(early.startsAt), time: '09:00' });
    const next = await createPerson(t);
    await book(next, istDate(early.startsAt), '09:00');

    // 23 h before: no refund; the counsellor's amount becomes payable.
    moveTo(new Date(late.startsAt.getTime() - 23 * HOUR));
    mine = (await call('GET', '/sessions/mine', s)).json().data;
    expect(mine.upcoming.find((x: { id: string }) => x.id === late.id).can).toMatchObject({ cancel: true, cancelWithRefund: false, reschedule: false });
    const lateCancel = await call('POST', `/sessions/${late.id}/cancel`, s);
    expect([lateCancel.statusCode, lateCancel.json().message]).toEqual([
      200,
      'Session cancelled. It was less than 24 hours before the start, so there is no refund.',
    ]);
    await t.app.jobs.runDue();
    expect(refundsAt(late.orderId)).toHaveLength(0);
    expect(await refundRow(late.id)).toBeUndefined();
    const ledger = await rows<{ account: string; kind: string; amount_paise: number }>(
      sql`select account, kind, amount_paise from ledger_entries where booking_id = ${late.id} order by id`,
    );
    expect(ledger).toEqual([
      { account: 'held', kind: 'payment', amount_paise: 41900 },
      { account: 'held', kind: 'release', amount_paise: -41900 },
      { account: 'payable', kind: 'release', amount_paise: 41900 },
    ]);
    const reason = (
      await rows<{ details: { refund: boolean } }>(sql`select details from booking_events where booking_id = ${late.id} and to_status = 'cancelled'`)
    )[0];
    expect(reason.details.refund).toBe(false);
    await expectLedgerAddsUp();
  });

  it("a counsellor's no-show is refunded: cancelled by the counsellor, admitted, or reported by the student and not disputed", async () => {
    const s = await createPerson(t);
    const byCounsellor = await book(s, day(1), '15:00');
    const admitted = await book(s, day(1), '16:00');
    const reported = await book(s, day(1), '17:00');
    const disputed = await book(s, day(1), '18:00');
    const markedHeld = await book(s, day(1), '19:00');

    // The counsellor cancels before the start: full refund, the slot reopens.
    const cancel = await call('POST', `/counselor/sessions/${byCounsellor.id}/cancel`, counsellor.person);
    expect([cancel.statusCode, cancel.json().message]).toEqual([200, 'Session cancelled. The student gets a full refund of ₹279.']);
    expect((await call('POST', `/counselor/sessions/${byCounsellor.id}/cancel`, await createPerson(t))).statusCode).toBe(403);
    await t.app.jobs.runDue();
    expect(refundsAt(byCounsellor.orderId)).toHaveLength(1);
    expect(await refundRow(byCounsellor.id)).toMatchObject({ reason: 'counsellor_cancelled', status: 'pending' });
    // Cashfree's signed refund webhook says it is processed: the student hears it once, however the refund job later finds it.
    const refundId = `rf_${byCounsellor.orderId}`;
    const body = JSON.stringify({
      data: { refund: { refund_id: refundId, order_id: byCounsellor.orderId, refund_status: 'SUCCESS', refund_amount: 279.0, entity: 'Refund' } },
      event_time: '2026-01-01T10:00:00+05:30',
      type: 'REFUND_STATUS_WEBHOOK',
    });
    const timestamp = String(clock.now().getTime());
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': webhookSignature(SECRET, timestamp, body),
        'x-idempotency-key': `refund-${refundId}`,
      },
      payload: body,
    });
    expect(hook.statusCode).toBe(200);
    expect(await refundRow(byCounsellor.id)).toMatchObject({ status: 'success' });
    await new Promise((r) => setTimeout(r, 120));
    clock.advance(31_000);
    await t.app.jobs.runDue();
    expect(smtp.mails.filter((m) => m.to.includes(s.email) && m.subject.startsWith('Refund processed') && m.text.includes(byCounsellor.orderId))).toHaveLength(
      1,
    );

    // Too early to report or to mark.
    expect((await call('POST', `/sessions/${reported.id}/report-absence`, s)).json().message).toBe('You can report this once the session has started.');
    expect((await call('POST', `/counselor/sessions/${markedHeld.id}/outcome`, counsellor.person, { outcome: 'held' })).statusCode).toBe(409);

    moveTo(new Date(markedHeld.endsAt.getTime() + 10 * 60_000));
    // The counsellor says they could not join.
    const missed = await call('POST', `/counselor/sessions/${admitted.id}/missed`, counsellor.person);
    expect([missed.statusCode, missed.json().message]).toEqual([200, 'Recorded. The student gets a full refund of ₹279.']);
    expect(await status(admitted.id)).toBe('refunded');

    // The student reports; the counsellor does not dispute within 24 h: refunded.
    const report = await call('POST', `/sessions/${reported.id}/report-absence`, s);
    expect([report.statusCode, report.json().message]).toEqual([
      200,
      'Thank you. The counsellor has 24 hours to respond; if they do not dispute it, you are refunded in full.',
    ]);
    expect(await status(reported.id)).toBe('absence_reported');
    expect((await call('GET', `/reviews/get-reviews?counsellorId=${counsellor.id}`, s)).json().data.canReview).toBe(true); // other sessions ended unreported

    // Another report, disputed by the counsellor: an admin decides.
    await call('POST', `/sessions/${disputed.id}/report-absence`, s);
    const d1 = await call('POST', `/counselor/sessions/${disputed.id}/dispute`, counsellor.person, {
      note: 'I was in the room from 18:00 to 18:12; the student never came.',
    });
    expect([d1.statusCode, d1.json().message]).toEqual([200, 'Your dispute is sent. An admin will decide and e-mail you both.']);

    // A session the counsellor had marked held is disputed as soon as the student reports it.
    expect((await call('POST', `/counselor/sessions/${markedHeld.id}/outcome`, counsellor.person, { outcome: 'held' })).statusCode).toBe(200);
    const r2 = await call('POST', `/sessions/${markedHeld.id}/report-absence`, s);
    expect(r2.json().message).toBe('Thank you. The counsellor had marked this session as held, so an admin will decide and e-mail you both.');
    expect(await status(markedHeld.id)).toBe('disputed');

    await t.app.jobs.runDue();
    expect(refundsAt(admitted.orderId)).toHaveLength(1);
    expect(refundsAt(reported.orderId)).toHaveLength(0);

    moveTo(new Date(clock.now().getTime() + 24 * HOUR + 60_000));
    await t.app.jobs.runDue();
    expect(await status(reported.id)).toBe('refunded');
    expect(refundsAt(reported.orderId)).toHaveLength(1);
    expect(await refundRow(reported.id)).toMatchObject({ reason: 'counsellor_absent' });
    expect(await status(disputed.id)).toBe('disputed');
    expect(refundsAt(disputed.orderId)).toHaveLength(0);

    // The admin page: only admins; one refunds the student, the other stands.
    expect((await call('GET', '/admin/disputes', s)).statusCode).toBe(403);
    const open = (await call('GET', '/admin/disputes', admin)).json().data as { id: string; disputeNote: string | null; outcome: string | null }[];
    expect(open.map((x) => x.id).sort()).toEqual([disputed.id, markedHeld.id].sort());
    expect(open.find((x) => x.id === disputed.id)!.disputeNote).toContain('the student never came');
    expect(open.find((x) => x.id === markedHeld.id)!.outcome).toBe('held');
    expect((await call('POST', `/admin/disputes/${disputed.id}/decide`, admin, { decision: 'refund' })).statusCode).toBe(200);
    expect(
      (await call('POST', `/admin/disputes/${markedHeld.id}/decide`, admin, { decision: 'complete', note: 'Room logs show both joined.' })).statusCode,
    ).toBe(200);
    expect((await call('POST', `/admin/disputes/${markedHeld.id}/decide`, admin, { decision: 'refund' })).statusCode).toBe(409);
    await t.app.jobs.runDue();
    expect(await status(disputed.id)).toBe('refunded');
    expect(refundsAt(disputed.orderId)).toHaveLength(1);
    expect(await status(markedHeld.id)).toBe('completed');
    expect(refundsAt(markedHeld.orderId)).toHaveLength(0);
    expect(mailsTo(s.email, /^Decision on your report/)).toHaveLength(1);

    // Refunded and reported sessions cannot be reviewed; the completed one can.
    const reviewable = await rows<{ id: string }>(
      sql`select id from bookings where student_id = ${s.id} and (status = 'completed' or (status = 'confirmed' and ends_at <= ${clock.now().toISOString()}::timestamptz))`,
    );
    expect(reviewable.map((r) => r.id)).toEqual([markedHeld.id]);
    const earnings = await expectLedgerAddsUp();
    expect(earnings.totals.refundedPaise).toBeGreaterThanOrEqual(4 * 27900);
  });

  it('reminders 24 h and 1 h before reach both sides once each, survive a restart, and skip a moved session', async () => {
    const s = await createPerson(t);
    const session = await book(s, day(3), '11:00');
    const moved = await book(s, day(3), '11:30');
    const reminders = (email: string, lead: 'tomorrow' | 'in 1 hour') => mailsTo(email, new RegExp(`starts ${lead}$`));

    // Moved once, more than 24 h ahead, to a free slot; not twice.
    const newDate = day(4);
    const r = await call('POST', `/sessions/${moved.id}/reschedule`, s, { selectedDate: newDate, selectedTime: '08:30' });
    expect([r.statusCode, r.json().message]).toEqual([200, 'Session moved. The new time is in your e-mail, with a new calendar invite.']);
    const twice = await call('POST', `/sessions/${moved.id}/reschedule`, s, { selectedDate: newDate, selectedTime: '09:30' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'This session has already been moved once.']);
    const taken = await call('POST', `/sessions/${session.id}/reschedule`, s, { selectedDate: newDate, selectedTime: '08:30' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');

    moveTo(new Date(session.startsAt.getTime() - 24 * HOUR + 60_000));
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    expect(reminders(s.email, 'tomorrow')).toHaveLength(1);
    expect(reminders(counsellor.person.email, 'tomorrow').filter((m) => m.subject.includes(s.username))).toHaveLength(1);

    // Another instance on the same database (a restart): nothing is sent again.
    const second = await buildApp(t.config, { database: t.db.database, clock });
    await second.ready();
    await second.jobs.runDue();
    await second.close();
    expect(reminders(s.email, 'tomorrow')).toHaveLength(1);

    moveTo(new Date(session.startsAt.getTime() - HOUR + 60_000));
    await t.app.jobs.runDue();
    expect(reminders(s.email, 'in 1 hour')).toHaveLength(1);
    expect(reminders(counsellor.person.email, 'in 1 hour').filter((m) => m.subject.includes(s.username))).toHaveLength(1);
    expect(reminders(s.email, 'in 1 hour')[0].text).toContain('https://meet.example.org/rankwise-');

    // The moved session: its old-time reminders did nothing; its new time's reminders come.
    moveTo(new Date(istInstant(newDate, 510).getTime() - HOUR + 60_000));
    await t.app.jobs.runDue();
    expect(reminders(s.email, 'tomorrow')).toHaveLength(2);
    expect(reminders(s.email, 'in 1 hour')).toHaveLength(2);
    const stale = await rows(sql`select id from jobs where kind = 'sessions.reminder' and payload->>'bookingId' = ${moved.id} and status = 'pending'`);
    expect(stale).toHaveLength(0);
  });

  it('a session nobody reported completes 24 h after its end: its amount moves from held to payable', async () => {
    const s = await createPerson(t);
    const session = await book(s, day(1), '09:00');
    moveTo(new Date(session.endsAt.getTime() + 23 * HOUR));
    await t.app.jobs.runDue();
    expect(await status(session.id)).toBe('confirmed');
    const item = (await call('GET', '/counselor/sessions', counsellor.person)).json().data.past.find((x: { id: string }) => x.id === session.id);
    expect(item).toMatchObject({ earning: 'held', can: { mark: true, missed: true, cancel: false } });
    moveTo(new Date(session.endsAt.getTime() + 24 * HOUR + 60_000));
    await t.app.jobs.runDue();
    expect(await status(session.id)).toBe('completed');
    const after = (await call('GET', '/counselor/sessions', counsellor.person)).json().data.past.find((x: { id: string }) => x.id === session.id);
    expect(after.earning).toBe('payable');
    // Too late to report now.
    expect((await call('POST', `/sessions/${session.id}/report-absence`, s)).statusCode).toBe(409);
    const mine = (await call('GET', '/sessions/mine', s)).json().data.past.find((x: { id: string }) => x.id === session.id);
    expect(mine.can).toMatchObject({ review: true, reportAbsence: false, cancel: false });
    const ics = (await call('GET', `/sessions/${session.id}/calendar`, s)).json();
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect((await call('GET', `/sessions/${session.id}/calendar`, await createPerson(t))).statusCode).toBe(404);
    await expectLedgerAddsUp();

    // The sweep settles a session whose job is gone (a job that failed for good, a booking older than the jobs).
    const orphan = await book(s, day(1), '10:00');
    await t.db.database.db.execute(sql`delete from jobs where payload->>'bookingId' = ${orphan.id}`);
    moveTo(new Date(orphan.endsAt.getTime() + 24 * HOUR + 60_000));
    expect((await t.app.bookings.sweep()).settled).toBeGreaterThanOrEqual(1);
    expect(await status(orphan.id)).toBe('completed');
    await expectLedgerAddsUp();
    // The ledger is append-only.
    await expect(t.db.database.db.execute(sql`update ledger_entries set amount_paise = 1 where booking_id = ${session.id}`)).rejects.toThrow();
  });
});
