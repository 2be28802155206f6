/**
 * Capacity benchmark (issue 27 item 3): several compiled API instances (apps/api/dist) on one
 * PostgreSQL database with the real data and one Redis, behind nginx (deploy/nginx.conf), loaded
 * through the proxy with autocannon. For each kind of request it prints the CPU milliseconds the
 * API instances spent per answer (from each instance's process_cpu_seconds_total, scraped on its
 * metrics port before and after the run), nginx's own CPU per answer, requests per second per
 * core, latency, and memory per instance; then the fleet that serves 10,000 and 100,000 students
 * in the hour after a round is published, under the assumptions it prints (docs/operations.md).
 *
 *   npm run bench:capacity
 *   npx tsx bench/capacity.ts --instances 2 --duration 20 --connections 16 --database rankwise_capacity
 *
 * Options: --instances <n>  --duration <s per run>  --connections <n>  --database-url <server URL>
 *          --database <an already imported database on it, kept>  (default: a fresh one, imported, dropped)
 * Needs: `npm run build -w apps/api` (it builds when dist/ is missing), nginx and redis-server.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDays, istDate } from '@rankwise/contract/bookings';
import { apiRoot } from '../apps/api/src/config.ts';
import { startCashfreeStandIn } from '../apps/api/src/dev/cashfree-stand-in.ts';
import { signAccessToken } from '../apps/api/src/plugins/auth.ts';
import { freePort } from '../apps/api/test/helpers/own-postgres.ts';
import { createOwnRedis } from '../apps/api/test/helpers/own-redis.ts';
import { engineeringFixtures } from '../apps/api/test/helpers/predictor-fixtures.ts';
import { testConfig } from '../apps/api/test/helpers/test-app.ts';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

const { values: opts } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    database: { type: 'string' },
  },
});
const INSTANCES = Number(opts.instances);
const DURATION = Number(opts.duration);
const CONNECTIONS = Number(opts.connections);
const JWT_SECRET = 'capacity-secret-capacity-secret-0123456789abcdef';
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((p) => existsSync(p));
if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)');

/** CPU seconds (user + system) of a process from /proc (nginx's workers). */
function cpuOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
}
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) out.push(Number(e));
    } catch {
      // gone
    }
  }
  return out;
}

type Instance = { port: number; metricsPort: number; child: ChildProcess | null };
type Req = NonNullable<Parameters<typeof autocannon>[0]['requests']>[number];

const server = opts['database-url']!;
const dbName = opts.database ?? `rankwise_capacity_${process.pid}`;
const databaseUrl = withDatabase(server, dbName);
const work = mkdtempSync(path.join(os.tmpdir(), 'rankwise-capacity-'));
const children: ChildProcess[] = [];

async function main() {
  if (!existsSync(path.join(apiRoot, 'dist/server.js')))
    execFileSync(path.join(apiRoot, '../../node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: apiRoot, stdio: 'inherit' });
  if (!opts.database) {
    await adminQuery(server, `CREATE DATABASE ${dbName}`);
    console.log(`importing the data into ${dbName} (dist/import.js)…`);
    const started = Date.now();
    execFileSync(process.execPath, ['dist/import.js'], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: databaseUrl, DATA_FOLDER: path.join(work, 'import'), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    console.log(`imported in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const redis = await createOwnRedis();
  await redis.start();
  const cashfree = await startCashfreeStandIn({ clientId: 'rankwise-capacity', clientSecret: 'rankwise-capacity-cashfree-secret' });
  const proxyPort = await freePort();
  const proxy = `http://127.0.0.1:${proxyPort}`;

  // Students (signed in: the visitor limits do not shape the mix) and counsellors with free slots.
  const config = testConfig({ JWT_SECRET });
  const tag = Date.now().toString(36);
  const tokens: string[] = [];
  for (let k = 0; k < 400; k++) {
    const email = `cap_${tag}_${k}@example.in`;
    const r = await pool.query(`insert into users (username, email) values ($1, $2) returning id`, [`cap_${tag}_${k}`, email]);
    tokens.push(await signAccessToken(config, { id: r.rows[0].id, username: `cap_${tag}_${k}`, email }, 24 * 3600));
  }
  const institutes = (await pool.query(`select distinct institute_id, institute_name from engineering_reference where scheme = 'josaa' order by 1 limit 40`))
    .rows as {
    institute_id: string;
    institute_name: string;
  }[];
  const counsellorIds: string[] = [];
  for (let c = 0; c < 40; c++) {
    const u = await pool.query(`insert into users (username, email) values ($1, $2) returning id`, [`capc_${tag}_${c}`, `capc_${tag}_${c}@example.in`]);
    const i = institutes[c % institutes.length];
    const r = await pool.query(
      `insert into counsellors (user_id, institute_id, institute_name, name, year_of_study, program, about, available_days, time_ranges, status)
       values ($1, $2, $3, $4, 3, 'B.Tech', 'Capacity run.', '{0,1,2,3,4,5,6}', '[{"start":480,"end":1320}]', 'approved') returning id`,
      [u.rows[0].id, i.institute_id, i.institute_name, `Capacity ${c}`],
    );
    counsellorIds.push(r.rows[0].id);
  }

  const instances: Instance[] = [];
  for (let k = 0; k < INSTANCES; k++) instances.push({ port: await freePort(), metricsPort: await freePort(), child: null });
  const env = (i: Instance): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(i.port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    JWT_SECRET,
    PUBLIC_URL: proxy,
    TRUST_PROXY: '1',
    IMPORT_ON_START: 'false',
    DATA_FOLDER: path.join(work, `instance-${i.port}`),
    SUBMISSION_LIMIT: '100000000',
    ADDRESS_RATE_LIMIT_FACTOR: '1000',
    METRICS_PORT: String(i.metricsPort),
    JOBS_WORKER: 'true',
    CASHFREE_CLIENT_ID: 'rankwise-capacity',
    CASHFREE_CLIENT_SECRET: 'rankwise-capacity-cashfree-secret',
    CASHFREE_API_BASE: cashfree.apiBase,
    CASHFREE_SDK_URL: cashfree.sdkUrl,
  });
  for (const i of instances) {
    const child = spawn(process.execPath, ['dist/server.js'], { cwd: apiRoot, env: env(i), stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(child);
    i.child = child;
    while (
      !(await fetch(`http://127.0.0.1:${i.port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      await sleep(200);
  }

  const prefix = path.join(work, 'nginx');
  for (const d of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(path.join(prefix, d), { recursive: true });
  for (const d of ['', 'tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) chmodSync(path.join(prefix, d), 0o777);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    readFileSync(path.join(apiRoot, '../../deploy/nginx.conf'), 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{PORT}}', String(proxyPort))
      .replace('{{SERVERS}}', instances.map((i) => `    server 127.0.0.1:${i.port};`).join('\n'))
      // The access log would cost disk writes the API does not make: off for the measurement.
      .replace(/access_log [^;]+;/, 'access_log off;'),
  );
  const check = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(check.stderr);
  const nginx = spawn(NGINX!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  children.push(nginx);
  while (
    !(await fetch(`${proxy}/health/live`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(100);

  const scrape = async (port: number) => {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const value = (name: string) => Number(/^(\S+) (\S+)$/m.exec(text.split('\n').find((l) => l.startsWith(`${name} `)) ?? '')?.[2] ?? NaN);
    return { cpu: value('process_cpu_seconds_total'), rss: value('process_resident_memory_bytes') };
  };
  const nginxCpu = () => childrenOf(nginx.pid!).reduce((a, p) => a + cpuOf(p), cpuOf(nginx.pid!));
  /** CPU seconds of the PostgreSQL backends serving this database, by pid (the server may be shared: only ours). */
  const pgCpu = async () => {
    const pids = (await pool.query(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [dbName])).rows.map(
      (r: { pid: number }) => r.pid,
    );
    const out = new Map<number, number>();
    for (const pid of pids) {
      try {
        out.set(pid, cpuOf(pid));
      } catch {
        // ended
      }
    }
    return out;
  };

  type Row = {
    name: string;
    answers: number;
    apiCpuMs: number;
    nginxCpuMs: number;
    pgCpuMs: number;
    rps: number;
    p50: number;
    p99: number;
    non2xx: number;
    rssMb: number;
  };
  const rows: Row[] = [];
  async function measure(name: string, requests: Req[] | (() => Req[])) {
    const reqs = typeof requests === 'function' ? requests() : requests;
    // Warm-up (JIT, pools, read models), not counted.
    await autocannon({ url: proxy, connections: CONNECTIONS, duration: 3, requests: reqs });
    const before = await Promise.all(instances.map((i) => scrape(i.metricsPort)));
    const nginxBefore = nginxCpu();
    const pgBefore = await pgCpu();
    const r = await autocannon({ url: proxy, connections: CONNECTIONS, duration: DURATION, requests: typeof requests === 'function' ? requests() : reqs });
    const after = await Promise.all(instances.map((i) => scrape(i.metricsPort)));
    const pgAfter = await pgCpu();
    let pgSpent = 0;
    for (const [pid, cpu] of pgAfter) pgSpent += cpu - (pgBefore.get(pid) ?? 0);
    const answers = r.requests.total - r.non2xx;
    const apiCpu = after.reduce((a, s, k) => a + s.cpu - before[k].cpu, 0);
    rows.push({
      name,
      answers,
      apiCpuMs: (apiCpu * 1000) / answers,
      nginxCpuMs: ((nginxCpu() - nginxBefore) * 1000) / answers,
      pgCpuMs: (pgSpent * 1000) / answers,
      rps: answers / DURATION,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      rssMb: Math.max(...after.map((s) => s.rss)) / 1e6,
    });
    const row = rows.at(-1)!;
    console.log(
      `${name}: ${row.answers} answers, ${row.apiCpuMs.toFixed(2)} ms API CPU each, ${row.rps.toFixed(0)}/s, p50 ${row.p50} ms, non-2xx ${row.non2xx}`,
    );
  }

  let t = 0;
  const token = () => tokens[t++ % tokens.length];
  // Predictor: the engineering payloads the tests check against the raw CSVs, each asked by a signed-in student.
  await measure('predictor answer (engineering, first page)', () =>
    engineeringFixtures.map((p) => ({
      method: 'POST',
      path: '/api/v1/college/preferences',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(p),
      setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { ...(req.headers as object), authorization: `Bearer ${token()}` } }),
    })),
  );
  // The same with Redis hung (SIGSTOP) for the whole run: limits count in each process after the first timeout (issue 29).
  const predictorRequests = () =>
    engineeringFixtures.map((p) => ({
      method: 'POST',
      path: '/api/v1/college/preferences',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(p),
      setupRequest: (req: Record<string, unknown>) => ({ ...req, headers: { ...(req.headers as object), authorization: `Bearer ${token()}` } }),
    }));
  redis.freeze();
  try {
    await measure('predictor answer, Redis frozen', predictorRequests);
  } finally {
    redis.thaw();
  }
  const frozen = rows.pop()!;
  // College page: the about-college call of 40 institutes in turn.
  await measure(
    'college page (about-college)',
    institutes.map((i) => ({
      method: 'POST',
      path: '/api/v1/college/about-college',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ instituteName: i.institute_name }),
    })),
  );
  // Booking hold: each request a new (counsellor, day, time) slot by another student: a hold and its Cashfree order.
  let slot = 0;
  const times = Array.from({ length: 28 }, (_, k) => `${String(8 + Math.floor(k / 2)).padStart(2, '0')}:${k % 2 ? '30' : '00'}`);
  await measure('booking hold (slot hold + Cashfree order)', [
    {
      method: 'POST',
      path: '/api/v1/cashfree/payment',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req: Record<string, unknown>) => {
        const n = slot++;
        const counsellorId = counsellorIds[n % counsellorIds.length];
        const time = times[Math.floor(n / counsellorIds.length) % times.length];
        const day = 1 + Math.floor(n / (counsellorIds.length * times.length));
        return {
          ...req,
          headers: { ...(req.headers as object), authorization: `Bearer ${token()}` },
          body: JSON.stringify({ phone: '9876543210', counsellorId, selectedDate: addDays(istDate(), day), selectedTime: time, duration: 12 }),
        };
      },
    },
  ]);

  // The fleet for the hour after a round is published.
  const A = { predictor: 8, college: 4, hold: 0.05, peakToAverage: 3, utilisation: 0.6 };
  const [pred, college, hold] = rows;
  const perStudent = (f: (r: Row) => number) => A.predictor * f(pred) + A.college * f(college) + A.hold * f(hold);
  const apiPerStudentMs = perStudent((r) => r.apiCpuMs + r.nginxCpuMs);
  const pgPerStudentMs = perStudent((r) => r.pgCpuMs);
  const cpuPerStudentMs = apiPerStudentMs;
  console.log(
    '\n| request | API CPU ms per answer | PostgreSQL CPU ms per answer | nginx CPU ms per answer | answers/s per API core | p50 / p99 ms (at this load) | non-2xx |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.apiCpuMs.toFixed(2)} | ${r.pgCpuMs.toFixed(2)} | ${r.nginxCpuMs.toFixed(3)} | ${(1000 / r.apiCpuMs).toFixed(0)} | ${r.p50} / ${r.p99} | ${r.non2xx} |`,
    );
  }
  console.log(
    `\nRedis frozen for a whole predictor run: p50 ${frozen.p50} ms against ${pred.p50} ms (${(frozen.p50 / Math.max(pred.p50, 1)).toFixed(2)}×), ${frozen.rps.toFixed(0)} against ${pred.rps.toFixed(0)} answers/s, non-2xx ${frozen.non2xx}`,
  );
  console.log(`memory per instance after the runs: ${Math.max(...rows.map((r) => r.rssMb)).toFixed(0)} MB (resident)`);
  console.log(
    `assumptions: per student in the hour ${A.predictor} predictor answers, ${A.college} college pages, ${A.hold} booking holds; peak-to-average ${A.peakToAverage}; cores kept under ${A.utilisation * 100}% busy`,
  );
  console.log(`CPU per student in that hour: ${cpuPerStudentMs.toFixed(1)} ms in the API and nginx, ${pgPerStudentMs.toFixed(1)} ms in PostgreSQL`);
  console.log(
    '\n| students in the hour | peak answers/s | API + nginx cores busy at peak | API cores (at 60%) | API instances (1 a core, +1 spare) | PostgreSQL cores busy at peak |',
  );
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const students of [10_000, 100_000]) {
    const peakRps = ((students * (A.predictor + A.college + A.hold)) / 3600) * A.peakToAverage;
    const busy = ((students * cpuPerStudentMs) / 1000 / 3600) * A.peakToAverage;
    const pgBusy = ((students * pgPerStudentMs) / 1000 / 3600) * A.peakToAverage;
    const cores = Math.max(1, Math.ceil(busy / A.utilisation));
    console.log(`| ${students.toLocaleString('en-IN')} | ${peakRps.toFixed(0)} | ${busy.toFixed(2)} | ${cores} | ${cores + 1} | ${pgBusy.toFixed(2)} |`);
  }
  console.log(`\nmachine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${INSTANCES} instances, ${CONNECTIONS} connections, ${DURATION} s a run`);
  await pool.end();
  await cashfree.close();
  await redis.destroy();
}

async function cleanup() {
  for (const c of children.reverse()) {
    if (c.exitCode === null) {
      const exited = once(c, 'exit');
      c.kill('SIGTERM');
      await exited;
    }
  }
  if (!opts.database) await adminQuery(server, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}

try {
  await main();
} finally {
  await cleanup();
}
