import { addDays, istDate } from '@rankwise/contract/bookings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedCounsellor, createPerson, freePort, makeAdmin, seedInstitutes } from './helpers/people.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { databaseKinds } from './helpers/test-database.ts';

/** Without Cashfree credentials (never in production) the app takes test payments through the stand-in it mounts itself. */
describe.each(databaseKinds)('the built-in Cashfree stand-in on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp(kind, { env: { PUBLIC_URL: base } });
    await t.app.listen({ port, host: '127.0.0.1' });
    await seedInstitutes(t);
  });
  afterAll(async () => t?.close());

  it('says payments are tests and serves the checkout script from this server', async () => {
    const config = await (await fetch(`${base}/api/v1/app/config`)).json();
    expect(config.payments).toEqual({ mode: 'sandbox', sdkUrl: '/dev/cashfree/js/v3/cashfree.js', testPayments: true });
    const script = await fetch(`${base}/dev/cashfree/js/v3/cashfree.js`);
    expect([script.status, script.headers.get('content-type')]).toEqual([200, 'application/javascript; charset=utf-8']);
    expect(await script.text()).toContain('window.Cashfree = function Cashfree(options)');
  });

  it('books and pays end to end over HTTP: order, checkout page, signed webhook, confirmation', async () => {
    const admin = await makeAdmin(t);
    const { id } = await approvedCounsellor(t, admin, { availableDays: [0, 1, 2, 3, 4, 5, 6] });
    const student = await createPerson(t);
    const res = await fetch(`${base}/api/v1/cashfree/payment`, {
      method: 'POST',
      headers: { ...student.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '9876543210', counsellorId: id, selectedDate: addDays(istDate(), 2), selectedTime: '10:00', duration: 25, amount: 419 }),
    });
    expect(res.status).toBe(200);
    const { payment_session_id, order_id } = (await res.json()) as { payment_session_id: string; order_id: string };
    const page = await fetch(`${base}/dev/cashfree/checkout/${payment_session_id}`);
    expect(await page.text()).toContain('Pay ₹419.00');
    const paid = await fetch(`${base}/dev/cashfree/checkout/${payment_session_id}/attempt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'success' }),
    });
    expect((await paid.json()).order_status).toBe('PAID');
    // The stand-in's signed webhook alone confirms the booking.
    const status = async () =>
      (
        (await t.db.database.db.execute(
          sql`select b.status from bookings b join payments p on p.booking_id = b.id where p.order_id = ${order_id}`,
        )) as unknown as {
          rows: { status: string }[];
        }
      ).rows[0].status;
    const until = Date.now() + 10_000;
    while ((await status()) !== 'confirmed' && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await status()).toBe('confirmed');
  });
});
