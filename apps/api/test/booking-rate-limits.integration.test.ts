import { addDays, istDate } from '@rankwise/contract/bookings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { approvedCounsellor, createPerson, makeAdmin, seedInstitutes, type Person } from './helpers/people.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The limits on paying are per student, not per address: the students of one hostel or campus share
 * one address, and twenty of them may well try for the same slot within a minute (each must get a
 * clear answer, not 'Too many requests'). One student is still limited.
 */
describe('booking limits with the default per-address factor', () => {
  let t: TestApp;
  let cf: CashfreeStandIn;
  let counsellorId: string;

  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: 'cf-rl', clientSecret: 'cf-rl-secret-0123456789' });
    t = await buildTestApp('pglite', {
      env: { CASHFREE_CLIENT_ID: 'cf-rl', CASHFREE_CLIENT_SECRET: 'cf-rl-secret-0123456789', CASHFREE_API_BASE: cf.apiBase, ADDRESS_RATE_LIMIT_FACTOR: '1' },
    });
    await seedInstitutes(t);
    const admin = await makeAdmin(t);
    counsellorId = (await approvedCounsellor(t, admin, { availableDays: [0, 1, 2, 3, 4, 5, 6], timeRanges: [{ start: 540, end: 1020 }] })).id;
  });
  afterAll(async () => {
    await cf?.close();
    await t?.close();
  });

  const pay = (s: Person, selectedTime: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/cashfree/payment',
      headers: s.auth,
      remoteAddress: '10.1.2.3',
      payload: { phone: '9876543210', counsellorId, selectedDate: addDays(istDate(), 3), selectedTime, duration: 12 },
    });

  it('24 students behind one address racing for one slot: one holds it, every other gets the 409, none a 429', async () => {
    const students = await Promise.all(Array.from({ length: 24 }, () => createPerson(t)));
    const answers = await Promise.all(students.map((s) => pay(s, '10:00')));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(23).fill(409)]);
  });

  it('one student is still limited (20 a minute)', async () => {
    const s = await createPerson(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await pay(s, '11:00')).statusCode);
    expect(statuses.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
