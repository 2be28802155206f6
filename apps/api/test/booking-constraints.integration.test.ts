import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/auth.ts';
import { counsellors } from '../src/db/schema/counsellors.ts';
import { pgErrorCode } from '../src/lib/pg-error.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

/** The database itself refuses what must never happen, whatever the code above it does. */
describe.each(databaseKinds)('booking constraints on %s', (kind) => {
  let t: TestDatabase;
  let counsellorId: string;
  let studentId: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const db = t.database.db;
    const [c, s] = await db
      .insert(users)
      .values([
        { username: 'c1', email: 'c1@example.in' },
        { username: 's1', email: 's1@example.in' },
      ])
      .returning();
    studentId = s.id;
    const [row] = await db
      .insert(counsellors)
      .values({
        userId: c.id,
        instituteId: 'nit-goa',
        instituteName: 'NIT Goa',
        name: 'C',
        yearOfStudy: 2,
        program: 'B.Tech',
        about: 'x'.repeat(40),
        availableDays: [2],
        timeRanges: [{ start: 540, end: 720 }],
        status: 'approved',
      })
      .returning();
    counsellorId = row.id;
  });
  afterAll(async () => t?.drop());

  /** A booking and its payment in one transaction, as the application writes them. */
  const book = (startsAt: string, minutes: number, status = 'held', student = studentId) =>
    t.database.db.transaction(async (tx) => {
      const id = `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
      await tx.execute(sql`insert into bookings (id, counsellor_id, student_id, starts_at, ends_at, duration_minutes, status, hold_expires_at, student_phone)
        values (${id}, ${counsellorId}, ${student}, ${startsAt}::timestamptz, ${startsAt}::timestamptz + make_interval(mins => ${minutes}), ${minutes}, ${status}, now(), '9876543210')`);
      await tx.execute(sql`insert into payments (booking_id, order_id, amount_paise, status) values (${id}, ${`order_${id}`}, 27900, 'created')`);
      return id;
    });
  const code = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (err: unknown) => pgErrorCode(err),
    );

  it('refuses overlapping active bookings of one counsellor, 12- and 25-minute alike', async () => {
    await book('2030-01-01T10:00:00+05:30', 25, 'confirmed');
    expect(await code(book('2030-01-01T10:20:00+05:30', 12, 'confirmed'))).toBe('23P01');
    expect(await code(book('2030-01-01T10:00:00+05:30', 12, 'paid'))).toBe('23P01');
    // Back to back is fine: ranges are half-open.
    expect(await code(book('2030-01-01T10:25:00+05:30', 12, 'confirmed'))).toBe('ok');
    // Inactive bookings (expired, released, refunded) do not occupy the slot.
    expect(await code(book('2030-01-01T11:00:00+05:30', 12, 'expired'))).toBe('ok');
    expect(await code(book('2030-01-01T11:00:00+05:30', 25, 'held'))).toBe('ok');
    await t.database.db.execute(sql`update bookings set status = 'released' where status = 'held'`);
  });

  it('keeps one hold per student (issue 24): a second held booking of the same student is refused, at once or concurrently', async () => {
    const [other] = await t.database.db.insert(users).values({ username: 's2', email: 's2@example.in' }).returning();
    expect(await code(book('2030-03-01T10:00:00+05:30', 12, 'held', other.id))).toBe('ok');
    expect(await code(book('2030-03-01T11:00:00+05:30', 12, 'held', other.id))).toBe('23505');
    // Paid and confirmed bookings are not holds: a student may have many.
    expect(await code(book('2030-03-01T12:00:00+05:30', 12, 'confirmed', other.id))).toBe('ok');
    await t.database.db.execute(sql`update bookings set status = 'released' where student_id = ${other.id} and status = 'held'`);
    // Concurrent transactions (PostgreSQL runs them on separate connections): exactly one hold commits.
    const results = await Promise.all(['13:00', '13:30', '14:00', '14:30', '15:00'].map((at) => code(book(`2030-03-01T${at}:00+05:30`, 12, 'held', other.id))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r !== 'ok')).toEqual(['23505', '23505', '23505', '23505']);
    const [{ n: holds }] = (
      (await t.database.db.execute(sql`select count(*)::int as n from bookings where student_id = ${other.id} and status = 'held'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(holds).toBe(1);
  });

  it('refuses a booking without its payment, and a duration other than 12 or 25 minutes', async () => {
    const alone = t.database.db
      .execute(sql`insert into bookings (counsellor_id, student_id, starts_at, ends_at, duration_minutes, status, hold_expires_at, student_phone)
      values (${counsellorId}, ${studentId}, '2030-02-01T10:00:00Z', '2030-02-01T10:12:00Z', 12, 'held', now(), '9876543210')`);
    expect(await code(alone)).toBe('23503');
    expect(await code(book('2030-02-01T12:00:00+05:30', 15))).toBe('23514');
  });
});
