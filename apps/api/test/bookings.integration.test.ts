import { addDays, bookingMessages, istDate, weekdayOf } from '@rankwise/contract/bookings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { users } from '../src/db/schema/auth.ts';
import { webhookSignature } from '../src/modules/payments/cashfree-client.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { approvedCounsellor, createPerson, freePort, makeAdmin, seedInstitutes, type Person } from './helpers/people.ts';
import { startSmtpSink } from './helpers/smtp-sink.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

const CLIENT_ID = 'cf-test-client';
const SECRET = 'cf-test-secret-0123456789';
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

describe.each(databaseKinds)('bookings and Cashfree payments on %s', (kind) => {
  let t: TestApp;
  let cf: CashfreeStandIn;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let publicUrl: string;
  let everyday: { person: Person; id: string };
  let tueThu: { person: Person; id: string };

  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: CLIENT_ID, clientSecret: SECRET });
    smtp = await startSmtpSink();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    t = await buildTestApp(kind, {
      env: {
        CASHFREE_CLIENT_ID: CLIENT_ID,
        CASHFREE_CLIENT_SECRET: SECRET,
        CASHFREE_API_BASE: cf.apiBase,
        PUBLIC_URL: publicUrl,
        SMTP_URL: smtp.url,
        MEETING_BASE_URL: 'https://meet.example.org',
        ADDRESS_RATE_LIMIT_FACTOR: '100',
      },
    });
    // Cashfree's webhooks come to PUBLIC_URL over HTTP, as in production.
    await t.app.listen({ port, host: '127.0.0.1' });
    await seedInstitutes(t);
    const admin = await makeAdmin(t);
    everyday = await approvedCounsellor(t, admin, {
      availableDays: EVERY_DAY,
      timeRanges: [
        { start: 540, end: 720 },
        { start: 900, end: 1020 },
      ],
    });
    tueThu = await approvedCounsellor(t, admin, { instituteId: 'iit-bombay', name: 'Kabir Shah' });
  });
  afterAll(async () => {
    await cf?.close();
    await t?.close();
    await smtp?.close();
  });

  const day = (n: number) => addDays(istDate(), n);
  const pay = (s: Person, over: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/payment',
      headers: s.auth,
      payload: {
        phone: '9876543210',
        username: s.username,
        amount: 279,
        counsellorId: everyday.id,
        selectedDate: day(1),
        selectedTime: '09:00',
        duration: 12,
        ...over,
      },
    });
  const verify = (s: Person, orderId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/verify',
      headers: s.auth,
      payload: {
        order_id: orderId,
        paymentDetails: { paymentMessage: 'done' },
        selectedDate: day(1),
        selectedTime: '09:00',
        email: 'x@y.z',
        userName: s.username,
      },
    });
  const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => ((await t.db.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const booking = async (orderId: string) =>
    (
      await rows<{ id: string; status: string; meeting_url: string | null; payment_status: string; cf_payment_id: string | null }>(
        sql`select b.id, b.status, b.meeting_url, p.status as payment_status, p.cf_payment_id from payments p join bookings b on b.id = p.booking_id where p.order_id = ${orderId}`,
      )
    )[0];
  const events = async (bookingId: string) =>
    (
      await rows<{ from_status: string | null; to_status: string; source: string }>(
        sql`select from_status, to_status, source from booking_events where booking_id = ${bookingId} order by id`,
      )
    ).map((e) => `${e.from_status ?? '-'}>${e.to_status}:${e.source}`);
  /** A correctly signed Cashfree webhook, sent as Cashfree would. */
  const webhook = (body: string, o: { secret?: string; timestamp?: string; key?: string; send?: string } = {}) => {
    const timestamp = o.timestamp ?? String(Date.now());
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/webhook',
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': timestamp,
        'x-webhook-signature': webhookSignature(o.secret ?? SECRET, timestamp, body),
        'x-webhook-version': '2025-01-01',
        'x-idempotency-key': o.key ?? `key-${Math.random()}`,
      },
      payload: o.send ?? body,
    });
  };
  const successBody = (orderId: string, amount = '279.00') =>
    `{"data":{"order":{"order_id":"${orderId}","order_amount":${amount},"order_currency":"INR","order_tags":null},"payment":{"cf_payment_id":"5114910000","payment_status":"SUCCESS","payment_amount":${amount},"payment_currency":"INR","payment_message":"00::Transaction success","payment_group":"upi"},"customer_details":{"customer_id":"c1","customer_phone":"9876543210"}},"event_time":"2026-01-01T10:00:00+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}`;

  it("creates the Cashfree order for the server's price, with Cashfree's fields and headers", async () => {
    const s = await createPerson(t);
    const res = await pay(s, { selectedDate: day(1), selectedTime: '09:00' });
    expect(res.statusCode).toBe(200);
    const { payment_session_id, order_id } = res.json();
    expect(payment_session_id).toMatch(/^session_/);
    expect(order_id).toMatch(/^rw_[0-9a-f]{24}$/);
    const req = cf.state.requests.find((r) => r.method === 'POST' && r.path === '/orders' && (r.body as { order_id?: string }).order_id === order_id)!;
    expect(req.headers).toMatchObject({
      'x-client-id': CLIENT_ID,
      'x-client-secret-ok': 'true',
      'x-api-version': '2025-01-01',
      'content-type': 'application/json',
    });
    expect(req.body).toMatchObject({
      order_id,
      order_amount: 279,
      order_currency: 'INR',
      customer_details: { customer_id: s.id.replace(/-/g, ''), customer_phone: '9876543210', customer_email: s.email },
      order_meta: { return_url: `${publicUrl}/connect-students?order_id={order_id}`, notify_url: `${publicUrl}/api/v1/cashfree/webhook` },
    });
    const long = await pay(await createPerson(t), { selectedTime: '09:30', duration: 25, amount: undefined });
    expect(long.statusCode).toBe(200);
    expect(cf.state.orders.get(long.json().order_id)!.order_amount).toBe(419);

    // The slot is now shown as taken.
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/counselor/slots/${everyday.id}` });
    expect(slots.json()).toEqual(
      expect.arrayContaining([
        { date: day(1), time: '09:00' },
        { date: day(1), time: '09:30' },
      ]),
    );
  });

  it("leaves out the customer's name and e-mail when Cashfree would refuse their length, and the order is still created", async () => {
    // Cashfree accepts customer_name and customer_email of 3 to 100 characters; our accounts allow e-mails up to 254.
    const tag = Math.random().toString(36).slice(2, 8);
    const email = `${'a'.repeat(100)}.${tag}@example.in`;
    const [u] = await t.db.database.db
      .insert(users)
      .values({ username: `lo_${tag}`, email })
      .returning();
    const token = await signAccessToken(t.config, { id: u.id, username: 'ab', email });
    const s: Person = { id: u.id, username: 'ab', email, token, auth: { authorization: `Bearer ${token}` } };
    const res = await pay(s, { selectedDate: day(2), selectedTime: '16:30' });
    expect(res.statusCode).toBe(200);
    const sent = cf.state.requests.find(
      (r) => r.method === 'POST' && r.path === '/orders' && (r.body as { order_id?: string }).order_id === res.json().order_id,
    )!;
    const customer = (sent.body as { customer_details: Record<string, unknown> }).customer_details;
    expect(customer).toEqual({ customer_id: u.id.replace(/-/g, ''), customer_phone: '9876543210' });
  });

  it('Pay now again for the same slot reopens the same checkout; another length or slot replaces the hold', async () => {
    const s = await createPerson(t);
    const first = (await pay(s, { selectedDate: day(2), selectedTime: '11:00' })).json();
    const again = await pay(s, { selectedDate: day(2), selectedTime: '11:00' });
    expect([again.statusCode, again.json()]).toEqual([200, first]);
    const longer = await pay(s, { selectedDate: day(2), selectedTime: '11:00', duration: 25, amount: 419 });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().order_id).not.toBe(first.order_id);
    expect((await booking(first.order_id)).status).toBe('released');
    expect((await booking(longer.json().order_id)).status).toBe('held');
    // Given up through the state machine like every other move: the history says so.
    expect(await events((await booking(first.order_id)).id)).toEqual(['->held:payment', 'held>released:superseded']);
  });

  it('refuses a wrong amount, a bad phone, and times the counsellor does not offer', async () => {
    const s = await createPerson(t);
    const cheap = await pay(s, { selectedTime: '10:00', amount: 1 });
    expect([cheap.statusCode, cheap.json().message]).toEqual([400, 'A 12-minute session costs ₹279.']);
    const wrongOption = await pay(s, { selectedTime: '10:00', amount: 279, duration: 25 });
    expect([wrongOption.statusCode, wrongOption.json().message]).toEqual([400, 'A 25-minute session costs ₹419.']);
    const phone = await pay(s, { selectedTime: '10:00', phone: '98765' });
    expect([phone.statusCode, phone.json().fieldErrors]).toEqual([400, { phone: ['Phone number must be exactly 10 digits'] }]);
    const duration = await pay(s, { selectedTime: '10:00', duration: 15 });
    expect(duration.json().fieldErrors).toEqual({ duration: ['Choose a 12- or 25-minute session'] });
    const wed = [1, 2, 3, 4, 5, 6, 7].map(day).find((d) => weekdayOf(d) === 3)!;
    const offDay = await pay(s, { counsellorId: tueThu.id, selectedDate: wed });
    expect([offDay.statusCode, offDay.json().message]).toEqual([400, 'Kabir Shah does not take sessions on Wednesdays.']);
    for (const time of ['09:15', '12:00', '8:30 AM', '13:00']) {
      const res = await pay(s, { selectedTime: time });
      expect(res.statusCode, time).toBe(400);
    }
    expect((await pay(s, { selectedDate: day(0) })).json().message).toBe('Please choose a date from tomorrow on.');
    expect((await pay(s, { counsellorId: 'not-a-counsellor' })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/payment',
      payload: { phone: '9876543210', counsellorId: everyday.id, selectedDate: day(1), selectedTime: '10:00', duration: 12 },
    });
    expect(anonymous.statusCode).toBe(401);
    // 12-hour times are accepted too.
    expect((await pay(s, { selectedDate: day(2), selectedTime: '3:30 PM' })).statusCode).toBe(200);
  });

  it('confirms only a PAID order of the right amount, once, and e-mails both sides the link and the invite', async () => {
    const s = await createPerson(t);
    const { order_id } = (await pay(s, { selectedDate: day(3), selectedTime: '11:00' })).json();
    const early = await verify(s, order_id);
    expect([early.statusCode, early.json().code]).toEqual([409, 'PAYMENT_NOT_COMPLETED']);
    expect((await verify(await createPerson(t), order_id)).statusCode).toBe(404);
    expect((await verify(s, 'rw_\u0000x')).json().fieldErrors).toEqual({ order_id: ['order_id is invalid'] });

    cf.actions.attempt(order_id, 'success', { webhook: false });
    const ok = await verify(s, order_id);
    expect([ok.statusCode, ok.json()]).toEqual([200, { success: true, message: 'Session booked successfully!' }]);
    expect((await verify(s, order_id)).statusCode).toBe(200);
    const b = await booking(order_id);
    expect(b).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
    expect(b.cf_payment_id).toMatch(/^\d+$/);
    expect(b.meeting_url).toMatch(/^https:\/\/meet\.example\.org\/rankwise-[0-9a-f]{32}$/);
    expect(await events(b.id)).toEqual(['->held:payment', 'held>paid:verify', 'paid>confirmed:verify']);

    const toStudent = await smtp.waitFor((m) => m.to.includes(s.email));
    const toCounsellor = await smtp.waitFor((m) => m.to.includes(everyday.person.email) && m.text.includes(s.username));
    for (const mail of [toStudent, toCounsellor]) {
      expect(mail.text).toContain(b.meeting_url);
      const ics = mail.attachments.find((a) => a.filename === 'session.ics')!;
      expect(ics.contentType).toBe('text/calendar');
      const [hh, mm] = ['11', '00'];
      expect(ics.content).toContain(`DTSTART;TZID=Asia/Kolkata:${day(3).replace(/-/g, '')}T${hh}${mm}00`);
      expect(ics.content).toContain(`DTEND;TZID=Asia/Kolkata:${day(3).replace(/-/g, '')}T111200`);
      expect(ics.content.replace(/\r\n /g, '')).toContain(b.meeting_url!);
    }
    expect(smtp.mails.filter((m) => m.to.includes(s.email))).toHaveLength(1);
    // Queued in the confirming transaction, once each however often verify is called.
    const jobs = await rows<{ dedupe_key: string }>(
      sql`select dedupe_key from jobs where kind = 'mail' and dedupe_key like ${`booking-confirmed:%:${b.id}`} order by dedupe_key`,
    );
    expect(jobs.map((j) => j.dedupe_key)).toEqual([`booking-confirmed:counsellor:${b.id}`, `booking-confirmed:student:${b.id}`]);
  });

  it('does not confirm a paid order whose amount differs from the booking', async () => {
    const s = await createPerson(t);
    const { order_id } = (await pay(s, { selectedDate: day(3), selectedTime: '11:30' })).json();
    cf.state.orders.get(order_id)!.order_amount = 1;
    cf.actions.attempt(order_id, 'success', { webhook: false });
    const res = await verify(s, order_id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'CONFLICT']);
    expect((await booking(order_id)).status).toBe('held');
    // Nor through a signed webhook claiming the lower amount.
    expect((await webhook(successBody(order_id, '1.00'))).statusCode).toBe(200);
    expect((await booking(order_id)).status).toBe('held');
  });

  it('a signed webhook alone confirms; bad signatures, stale timestamps and repeats change nothing', async () => {
    const s = await createPerson(t);
    const { order_id } = (await pay(s, { selectedDate: day(4), selectedTime: '09:00' })).json();
    cf.actions.attempt(order_id, 'success');
    await cf.actions.settled();
    expect(cf.state.deliveries.filter((d) => d.orderId === order_id).map((d) => [d.type, d.status])).toEqual([['PAYMENT_SUCCESS_WEBHOOK', 200]]);
    const b = await booking(order_id);
    expect(b.status).toBe('confirmed');
    expect(await events(b.id)).toEqual(['->held:payment', 'held>paid:webhook', 'paid>confirmed:webhook']);
    await smtp.waitFor((m) => m.to.includes(s.email));
    // Cashfree delivering it again changes nothing.
    await cf.actions.resendPaymentWebhook(order_id);
    expect(await events(b.id)).toHaveLength(3);

    const other = await createPerson(t);
    const second = (await pay(other, { selectedDate: day(4), selectedTime: '09:30' })).json().order_id as string;
    const body = successBody(second);
    const forged = await webhook(body, { secret: 'not-the-secret' });
    expect([forged.statusCode, forged.json().code]).toEqual([401, 'INVALID_SIGNATURE']);
    const stale = await webhook(body, { timestamp: String(Date.now() - 60 * 60_000) });
    expect([stale.statusCode, stale.json().message]).toEqual([401, 'The webhook timestamp is missing or too old.']);
    // Signed over the raw bytes: the same JSON re-serialised (279.00 -> 279) is not what was signed.
    const reserialised = await webhook(body, { send: JSON.stringify(JSON.parse(body)) });
    expect(reserialised.statusCode).toBe(401);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/cashfree/webhook', headers: { 'content-type': 'application/json' }, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect((await booking(second)).status).toBe('held');

    // An event that names no amount is checked with Cashfree: not paid there, nothing happens.
    const noAmount = `{"data":{"order":{"order_id":"${second}"},"payment":{"payment_status":"SUCCESS"}},"type":"PAYMENT_SUCCESS_WEBHOOK"}`;
    expect((await webhook(noAmount)).statusCode).toBe(200);
    expect((await booking(second)).status).toBe('held');

    const first = await webhook(body, { key: 'same-key' });
    expect([first.statusCode, first.json()]).toEqual([200, { status: 'ok' }]);
    const repeat = await webhook(body, { key: 'same-key' });
    expect([repeat.statusCode, repeat.json()]).toEqual([200, { status: 'ignored' }]);
    const confirmed = await booking(second);
    expect(confirmed.status).toBe('confirmed');
    expect(await events(confirmed.id)).toHaveLength(3);
  });

  it('never sells one slot twice: 20 students at once, exactly one holds it', async () => {
    const students = await Promise.all(Array.from({ length: 20 }, () => createPerson(t)));
    const ordersBefore = cf.state.orders.size;
    const answers = await Promise.all(students.map((s) => pay(s, { selectedDate: day(5), selectedTime: '10:00' })));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ message: bookingMessages.slotTaken, code: 'SLOT_TAKEN' });
    expect(cf.state.orders.size).toBe(ordersBefore + 1);
    const active = await rows<{ n: number }>(
      sql`select count(*)::int as n from bookings where counsellor_id = ${everyday.id} and status in ('held', 'paid', 'confirmed') and starts_at = ${new Date(`${day(5)}T04:30:00Z`).toISOString()}::timestamptz`,
    );
    expect(active[0].n).toBe(1);
    // A 25-minute session overlapping the held 12-minute one is refused too.
    const longer = await pay(await createPerson(t), { selectedDate: day(5), selectedTime: '10:00', duration: 25, amount: 419 });
    expect(longer.statusCode).toBe(409);
  });

  it('refunds a late payment for a slot taken meanwhile, and tells the student', async () => {
    const a = await createPerson(t);
    const b = await createPerson(t);
    const slot = { selectedDate: day(6), selectedTime: '15:00' };
    const late = (await pay(a, slot)).json().order_id as string;
    // A's 15 minutes pass unpaid; B takes the slot.
    await t.db.database.db.execute(
      sql`update bookings set hold_expires_at = now() - interval '1 minute' where id = (select booking_id from payments where order_id = ${late})`,
    );
    const taken = await pay(b, slot);
    expect(taken.statusCode).toBe(200);
    expect((await booking(late)).status).toBe('expired');

    // A's bank completes the payment now.
    cf.actions.attempt(late, 'success');
    await cf.actions.settled();
    const refunded = await booking(late);
    expect(refunded.status).toBe('refunded');
    expect(await events(refunded.id)).toEqual(['->held:payment', 'held>expired:slot_needed', 'expired>refunded:webhook']);
    expect(cf.state.refunds.get(late)).toMatchObject([{ refund_id: `rf_${late}`, refund_amount: 279 }]);
    expect((await booking(taken.json().order_id)).status).toBe('held');
    const mail = await smtp.waitFor((m) => m.to.includes(a.email) && /refunded/.test(m.subject));
    expect(mail.text).toContain('₹279');
    const told = await verify(a, late);
    expect([told.statusCode, told.json().code]).toEqual([409, 'PAYMENT_REFUNDED']);
    expect(told.json().message).toContain('Your payment of ₹279 has been refunded in full');
    // Cashfree reports the refund processed by webhook.
    await new Promise((r) => setTimeout(r, 150));
    await cf.actions.settled();
    expect((await rows<{ status: string }>(sql`select status from refunds where refund_id = ${`rf_${late}`}`))[0].status).toBe('success');
  });

  it('a late payment whose slot is still free confirms; a student who leaves the checkout frees the slot', async () => {
    const s = await createPerson(t);
    const free = (await pay(s, { selectedDate: day(6), selectedTime: '15:30' })).json().order_id as string;
    await t.db.database.db.execute(
      sql`update bookings set hold_expires_at = now() - interval '5 minutes' where id = (select booking_id from payments where order_id = ${free})`,
    );
    cf.actions.attempt(free, 'success');
    await cf.actions.settled();
    expect((await booking(free)).status).toBe('confirmed');

    // USER_DROPPED: the student gave up; the slot is free again.
    const dropper = await createPerson(t);
    const dropped = (await pay(dropper, { selectedDate: day(6), selectedTime: '16:00' })).json().order_id as string;
    cf.actions.attempt(dropped, 'dropped');
    await cf.actions.settled();
    const released = await booking(dropped);
    expect(released.status).toBe('released');
    expect(await events(released.id)).toEqual(['->held:payment', 'held>released:webhook']);
    const next = await pay(await createPerson(t), { selectedDate: day(6), selectedTime: '16:00' });
    expect(next.statusCode).toBe(200);
    // Back in the same checkout after all, they pay: the slot is taken, so it is refunded.
    cf.actions.attempt(dropped, 'success');
    await cf.actions.settled();
    expect((await booking(dropped)).status).toBe('refunded');
  });

  it("a failed attempt keeps the slot: A's attempt fails, B cannot take the slot, A's retry succeeds and A is booked, not refunded (issue 24)", async () => {
    const a = await createPerson(t, 'student_a');
    const b = await createPerson(t, 'student_b');
    const slot = { selectedDate: day(6), selectedTime: '16:30' };
    const order = (await pay(a, slot)).json().order_id as string;
    // A's card is declined: Cashfree sends PAYMENT_FAILED_WEBHOOK; the order stays payable.
    cf.actions.attempt(order, 'failed');
    await cf.actions.settled();
    expect(cf.state.deliveries.filter((x) => x.orderId === order).map((x) => [x.type, x.status])).toEqual([['PAYMENT_FAILED_WEBHOOK', 200]]);
    expect(cf.state.orders.get(order)!.order_status).toBe('ACTIVE');
    const held = await booking(order);
    expect([held.status, held.payment_status]).toEqual(['held', 'active']);
    // B cannot take the slot while A's order can still be paid.
    const taken = await pay(b, slot);
    expect([taken.statusCode, taken.json().code, taken.json().message]).toEqual([409, 'SLOT_TAKEN', bookingMessages.slotTaken]);
    const slots = await t.app.inject({ method: 'GET', url: `/api/v1/counselor/slots/${everyday.id}` });
    expect(slots.json()).toContainEqual({ date: slot.selectedDate, time: '16:30' });
    // A retries with another app and pays: A is booked.
    cf.actions.attempt(order, 'success');
    await cf.actions.settled();
    const done = await verify(a, order);
    expect([done.statusCode, done.json()]).toEqual([200, { success: true, message: bookingMessages.success }]);
    const booked = await booking(order);
    expect([booked.status, booked.payment_status]).toEqual(['confirmed', 'paid']);
    expect(await events(booked.id)).toEqual(['->held:payment', 'held>paid:webhook', 'paid>confirmed:webhook']);
    expect(await rows(sql`select id from refunds where booking_id = ${booked.id}`)).toEqual([]);
    // The hold lasted as long as the order was payable (its expiry is the hold's end).
    const [h] = await rows<{ hold_expires_at: Date }>(sql`select hold_expires_at from bookings where id = ${booked.id}`);
    expect(new Date(h.hold_expires_at).toISOString().slice(0, 19)).toBe(new Date(cf.state.orders.get(order)!.order_expiry_time).toISOString().slice(0, 19));
  });

  it('one student starting several payments at once ends with one hold, and every answer is 200 or a clear 409', async () => {
    const s = await createPerson(t);
    const answers = await Promise.all(['09:00', '09:30', '10:00', '10:30', '11:00'].map((at) => pay(s, { selectedDate: day(9), selectedTime: at })));
    for (const a of answers) expect([200, 409], a.body).toContain(a.statusCode);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toMatch(/already paying for another slot|being prepared/);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    expect(await rows(sql`select id from bookings where student_id = ${s.id} and status = 'held'`)).toHaveLength(1);
  });

  it('the sweep confirms a paid order whose webhook never came and expires unpaid lapsed holds', async () => {
    const paid = (await pay(await createPerson(t), { selectedDate: day(7), selectedTime: '09:00' })).json().order_id as string;
    const unpaid = (await pay(await createPerson(t), { selectedDate: day(7), selectedTime: '09:30' })).json().order_id as string;
    cf.actions.attempt(paid, 'success', { webhook: false });
    await t.db.database.db.execute(sql`update bookings set hold_expires_at = now() - interval '2 minutes' where status = 'held'`);
    await t.app.bookings.sweep();
    expect((await booking(paid)).status).toBe('confirmed');
    expect((await booking(unpaid)).status).toBe('expired');
  });

  it('keeps money records: payments are never deleted and the booking history is append-only', async () => {
    await expect(t.db.database.db.execute(sql`delete from payments`)).rejects.toThrow();
    await expect(t.db.database.db.execute(sql`update booking_events set source = 'x'`)).rejects.toThrow();
    await expect(t.db.database.db.execute(sql`delete from bookings`)).rejects.toThrow();
  });
});
