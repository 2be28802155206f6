/**
 * Bookings benchmark: the real app on loopback with the Cashfree stand-in, on a fresh PostgreSQL
 * database and on PGlite. Prints, per engine:
 *   - hold + Cashfree order (POST /cashfree/payment), one at a time on free slots: p50 / p99;
 *   - the race: N students press Pay now on one slot at once: time until all are answered, and
 *     how many won (must be exactly 1);
 *   - payment to confirmed booking through the signed webhook alone: p50 / p99;
 *   - the slots call (GET /counselor/slots/{id}) with the bookings made: p50.
 *
 *   npm run bench:bookings
 *   npx tsx bench/bookings.ts --engines postgres --bookings 200 --racers 20,50,100
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { addDays, istDate } from '@rankwise/contract/bookings';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { users } from '../apps/api/src/db/schema/auth.ts';
import { counsellors } from '../apps/api/src/db/schema/counsellors.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startCashfreeStandIn } from '../apps/api/src/dev/cashfree-stand-in.ts';
import { signAccessToken } from '../apps/api/src/plugins/auth.ts';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

const { values: opts } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    bookings: { type: 'string', default: '100' },
    racers: { type: 'string', default: '20,50' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (n: number) => `${n.toFixed(1)} ms`;
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function run(engine: 'postgres' | 'pglite'): Promise<void> {
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-bookings-'));
  const dbName = `rankwise_bench_bookings_${randomBytes(4).toString('hex')}`;
  let database: Database;
  if (engine === 'postgres') {
    await adminQuery(opts['database-url']!, `CREATE DATABASE ${dbName}`);
    database = await openDatabase({ url: withDatabase(opts['database-url']!, dbName), pgliteDir: '' });
  } else {
    database = await openDatabase({ pgliteDir: 'memory://' });
  }
  await migrateDatabase(database);
  const cf = await startCashfreeStandIn({ clientId: 'bench', clientSecret: 'bench-secret-0123456789' });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    IMPORT_ON_START: 'false',
    DATA_FOLDER: dataFolder,
    PUBLIC_URL: base,
    CASHFREE_CLIENT_ID: 'bench',
    CASHFREE_CLIENT_SECRET: 'bench-secret-0123456789',
    CASHFREE_API_BASE: cf.apiBase,
    ADDRESS_RATE_LIMIT_FACTOR: '1000',
    JOBS_WORKER: 'false',
  });
  const app = await buildApp(config, { database });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const db = database.db;
    await db.execute(
      sql`insert into engineering_institutes (id, name, short_name, type) values ('nit-goa', 'National Institute of Technology Goa', 'NIT Goa', 'NIT')`,
    );
    const [cu] = await db.insert(users).values({ username: 'bench_counsellor', email: 'bench.counsellor@example.in' }).returning();
    const [c] = await db
      .insert(counsellors)
      .values({
        userId: cu.id,
        instituteId: 'nit-goa',
        instituteName: 'National Institute of Technology Goa',
        name: 'Bench Counsellor',
        yearOfStudy: 3,
        program: 'B.Tech',
        about: 'A counsellor for the benchmark, available all day every day.',
        availableDays: [0, 1, 2, 3, 4, 5, 6],
        timeRanges: [{ start: 0, end: 1440 }],
        status: 'approved',
      })
      .returning();
    const total = Number(opts.bookings);
    const racers = opts.racers!.split(',').map(Number);
    const students = await db
      .insert(users)
      .values(Array.from({ length: total + Math.max(...racers) }, (_, i) => ({ username: `bench_s${i}`, email: `bench.s${i}@example.in` })))
      .returning();
    const tokens = await Promise.all(students.map((u) => signAccessToken(config, { id: u.id, username: u.username, email: u.email })));
    const pay = (token: string, date: string, time: string) =>
      fetch(`${base}/api/v1/cashfree/payment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '9876543210', counsellorId: c.id, selectedDate: date, selectedTime: time, duration: 12, amount: 279 }),
      });
    const slot = (i: number) => ({
      date: addDays(istDate(), 1 + Math.floor(i / 48)),
      time: `${String(Math.floor((i % 48) / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    });

    // 1. One at a time, on free slots.
    const holdTimes: number[] = [];
    const orders: string[] = [];
    for (let i = 0; i < total; i++) {
      const s = slot(i);
      const t0 = performance.now();
      const res = await pay(tokens[i], s.date, s.time);
      holdTimes.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`payment ${i}: ${res.status} ${await res.text()}`);
      orders.push(((await res.json()) as { order_id: string }).order_id);
    }

    // 2. The race for one slot.
    const raceLines: string[] = [];
    for (const [k, n] of racers.entries()) {
      const s = slot(total + 48 * (k + 1));
      const t0 = performance.now();
      const answers = await Promise.all(tokens.slice(total, total + n).map((tk) => pay(tk, s.date, s.time)));
      const wall = performance.now() - t0;
      const won = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter((a) => a.status === 409).length;
      raceLines.push(`  race, ${n} students on one slot: all answered in ${ms(wall)}; ${won} won, ${refused} refused (409), ${n - won - refused} other`);
    }

    // 3. Payment to confirmed booking through the webhook alone.
    const confirmTimes: number[] = [];
    const status = async (orderId: string) =>
      (
        (await db.execute(sql`select b.status from bookings b join payments p on p.booking_id = b.id where p.order_id = ${orderId}`)) as unknown as {
          rows: { status: string }[];
        }
      ).rows[0].status;
    for (const orderId of orders.slice(0, Math.min(50, orders.length))) {
      const t0 = performance.now();
      cf.actions.attempt(orderId, 'success');
      await cf.actions.settled();
      while ((await status(orderId)) !== 'confirmed') await new Promise((r) => setTimeout(r, 2));
      confirmTimes.push(performance.now() - t0);
    }

    // 4. The slots call.
    const slotTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/api/v1/counselor/slots/${c.id}`);
      await res.json();
      slotTimes.push(performance.now() - t0);
    }

    console.log(`\n${engine}:`);
    console.log(`  hold + Cashfree order, one at a time (${total}): p50 ${ms(pct(holdTimes, 50))}, p99 ${ms(pct(holdTimes, 99))}`);
    for (const l of raceLines) console.log(l);
    console.log(`  paid -> confirmed by the signed webhook (${confirmTimes.length}): p50 ${ms(pct(confirmTimes, 50))}, p99 ${ms(pct(confirmTimes, 99))}`);
    console.log(`  GET /counselor/slots with ${total + racers.length} bookings: p50 ${ms(pct(slotTimes, 50))}`);
  } finally {
    await app.close();
    await cf.close();
    await database.close();
    if (engine === 'postgres') await adminQuery(opts['database-url']!, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataFolder, { recursive: true, force: true });
  }
}

for (const engine of opts.engines!.split(',') as ('postgres' | 'pglite')[]) await run(engine);
