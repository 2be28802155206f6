/**
 * No account enumeration, in wall time: login, verify-account and forgot-password for existing and
 * unknown e-mails, interleaved (alternating which goes first), on PGlite in this process. Prints
 * each path's median and p90 for both and the median paired difference. The test
 * (apps/api/test/auth-attacks.integration.test.ts, item 4) checks the property by the statements
 * and the CPU time of each request instead, which load on the machine cannot break; this prints the
 * figures a person compares.
 *
 *   npx tsx bench/auth-timing.ts [--rounds 41]
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hash as argonHash } from '@node-rs/argon2';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { migrateDatabase, openDatabase } from '../apps/api/src/db/client.ts';
import { users } from '../apps/api/src/db/schema/auth.ts';

const { values: opts } = parseArgs({ options: { rounds: { type: 'string', default: '41' } } });
const rounds = Number(opts.rounds);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const database = await openDatabase({ pgliteDir: 'memory://' });
await migrateDatabase(database);
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  IMPORT_ON_START: 'false',
  DATA_FOLDER: mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-auth-')),
  ADDRESS_RATE_LIMIT_FACTOR: '1000',
  JOBS_WORKER: 'false',
});
const app = await buildApp(config, { database });
await app.ready();
const passwordHash = await argonHash('owners-password-1');
for (let i = 0; i < rounds; i++) await database.db.insert(users).values({ username: `bench_${i}`, email: `bench${i}@example.in`, passwordHash });

let address = 0;
const call = async (url: string, payload: object) => {
  const started = performance.now();
  await app.inject({ method: 'POST', url: `/api/v1/auth${url}`, payload, remoteAddress: `10.9.${Math.floor(address / 250) % 250}.${1 + (address++ % 250)}` });
  return performance.now() - started;
};
const paths: [string, (i: number) => [string, object], (i: number) => [string, object]][] = [
  [
    'login',
    (i) => ['/login', { email: `bench${i}@example.in`, password: 'wrong-password-1' }],
    (i) => ['/login', { email: `ghost${i}@example.in`, password: 'wrong-password-1' }],
  ],
  [
    'verify-account',
    (i) => ['/verify-account', { username: `join_k${i}`, email: `bench${i}@example.in` }],
    (i) => ['/verify-account', { username: `join_u${i}`, email: `ghost${i}@example.in` }],
  ],
  ['forgot-password', (i) => ['/forgot-password', { email: `bench${i}@example.in` }], (i) => ['/forgot-password', { email: `ghost${i}@example.in` }]],
];
console.log(`No account enumeration, wall time per request (${rounds} interleaved rounds, PGlite, in-process):`);
for (const [name, known, unknown] of paths) {
  await call(...known(0));
  await call(...unknown(0));
  const k: number[] = [];
  const u: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2) {
      k.push(await call(...known(i)));
      u.push(await call(...unknown(i)));
    } else {
      u.push(await call(...unknown(i)));
      k.push(await call(...known(i)));
    }
  }
  const diff = pct(
    k.map((t, i) => t - u[i]),
    50,
  );
  console.log(
    `  ${name.padEnd(16)} existing p50 ${pct(k, 50).toFixed(1)} ms, p90 ${pct(k, 90).toFixed(1)} ms; unknown p50 ${pct(u, 50).toFixed(1)} ms, p90 ${pct(u, 90).toFixed(1)} ms; paired difference p50 ${diff.toFixed(1)} ms`,
  );
}
await app.close();
await database.close();
