import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import pg from 'pg';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoot } from '../src/config.ts';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { signAccessToken } from '../src/plugins/auth.ts';
import { testConfig } from '../test/helpers/test-app.ts';
import { createOwnPostgres, freePort, ownPostgresUnavailable, type OwnPostgres } from '../test/helpers/own-postgres.ts';
import { createOwnRedis, ownRedisUnavailable, type OwnRedis } from '../test/helpers/own-redis.ts';
import { adminQuery, withDatabase } from '../test/helpers/test-database.ts';

/**
 * Issue 27 item 1: three compiled API processes (apps/api/dist) on one PostgreSQL database and one
 * Redis of the test's own, behind nginx (Debian's package) started with deploy/nginx.conf,
 * round-robin. Everything is asked through the proxy, as a visitor would; each instance is
 * scraped on its own metrics port. One start of the fleet serves every check (CI's time budget).
 * Run: `npm run test:fleet` (after `npm run build -w apps/api`; it builds the API when dist/ is missing).
 */
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'].find((p) => existsSync(p)) ?? null;
const missing = !NGINX
  ? 'nginx is not installed (apt-get install nginx; .ci/run installs it)'
  : (ownRedisUnavailable() ?? (process.env.TEST_DATABASE_URL ? null : ownPostgresUnavailable()));
if (missing && process.env.CI) throw new Error(`the multi-instance test cannot run in CI: ${missing}`);

/** FLEET_DRAIN_CYCLES=N stops and restarts the instance N times in the drain check (to look for a rare loss); FLEET_KEEP_WORK=1 keeps nginx's logs. */
const DRAIN_CYCLES = Number(process.env.FLEET_DRAIN_CYCLES ?? 1);
const JWT_SECRET = 'fleet-secret-fleet-secret-fleet-secret-0123456789';
const METRICS_TOKEN = 'fleet-metrics-token-0123456789';
const READ_MODEL_POLL_MS = 1000;
const EMAIL = 'fleet-student@example.in';
const PASSWORD = 'fleet-password-1';

type Instance = { name: string; port: number; metricsPort: number; dataFolder: string; child: ChildProcess | null; output: string[] };

describe.skipIf(Boolean(missing))(`three instances behind nginx${missing ? ` (skipped: ${missing})` : ''}`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'rankwise-fleet-'));
  let own: OwnPostgres | null = null;
  let redis: OwnRedis;
  let databaseUrl = '';
  let dropDatabase: (() => Promise<void>) | null = null;
  let pool: pg.Pool;
  let nginx: ChildProcess | null = null;
  let proxy = '';
  const instances: Instance[] = [];
  const mails: { subject: string; to: string; raw: string }[] = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  let cashfree: CashfreeStandIn;

  const env = (i: Instance): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(i.port),
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'fleet:',
    JWT_SECRET,
    PUBLIC_URL: proxy,
    TRUST_PROXY: '1',
    IMPORT_ON_START: 'false',
    DATA_FOLDER: i.dataFolder,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SUBMISSION_LIMIT: '3',
    READ_MODEL_POLL_MS: String(READ_MODEL_POLL_MS),
    JOBS_POLL_MS: '200',
    JOBS_LEASE_MS: '6000',
    // Every instance sweeps lapsed holds and refunds in flight each second (they race for the same rows).
    PAYMENTS_SWEEP_SECONDS: '1',
    METRICS_PORT: String(i.metricsPort),
    METRICS_TOKEN,
    // One Cashfree (its stand-in, on its own port, speaking Cashfree's protocol) for every instance; its webhooks come through nginx.
    CASHFREE_CLIENT_ID: 'rankwise-fleet',
    CASHFREE_CLIENT_SECRET: 'rankwise-fleet-cashfree-secret',
    CASHFREE_API_BASE: cashfree.apiBase,
    CASHFREE_SDK_URL: cashfree.sdkUrl,
  });

  async function start(i: Instance): Promise<void> {
    const child = spawn(process.execPath, ['dist/server.js'], { cwd: apiRoot, env: env(i), stdio: ['ignore', 'pipe', 'pipe'] });
    i.child = child;
    child.stdout!.on('data', (d: Buffer) => i.output.push(String(d)));
    child.stderr!.on('data', (d: Buffer) => i.output.push(String(d)));
    for (let n = 0; ; n++) {
      if (child.exitCode !== null) throw new Error(`${i.name} exited: ${i.output.join('').slice(-2000)}`);
      const ready = await fetch(`http://127.0.0.1:${i.port}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return;
      if (n > 1200) throw new Error(`${i.name} not ready: ${i.output.join('').slice(-2000)}`);
      await sleep(100);
    }
  }
  async function stop(i: Instance, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = i.child;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
    i.child = null;
  }

  beforeAll(async () => {
    if (!existsSync(path.join(apiRoot, 'dist/server.js'))) {
      execFileSync(path.join(apiRoot, '../../node_modules/.bin/tsx'), ['scripts/build.ts'], { cwd: apiRoot, stdio: 'pipe' });
    }
    redis = await createOwnRedis();
    await redis.start();
    if (process.env.TEST_DATABASE_URL) {
      const name = `rankwise_fleet_${process.pid}_${Date.now()}`;
      await adminQuery(process.env.TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
      databaseUrl = withDatabase(process.env.TEST_DATABASE_URL, name);
      dropDatabase = () => adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } else {
      own = await createOwnPostgres();
      await own.start();
      databaseUrl = own.url;
    }
    pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });

    // A real SMTP server that takes 150 ms a mail, so a job can be caught mid-delivery.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '';
          setTimeout(() => {
            mails.push({ subject, to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
            callback();
          }, 150);
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpPort = (smtp.server.address() as { port: number }).port;

    cashfree = await startCashfreeStandIn({ clientId: 'rankwise-fleet', clientSecret: 'rankwise-fleet-cashfree-secret' });
    const proxyPort = await freePort();
    proxy = `http://127.0.0.1:${proxyPort}`;
    for (const name of ['a', 'b', 'c']) {
      const dataFolder = path.join(work, `instance-${name}`);
      mkdirSync(dataFolder);
      instances.push({ name, port: await freePort(), metricsPort: await freePort(), dataFolder, child: null, output: [] });
    }
    // The first instance migrates the empty database; then the other two join.
    await start(instances[0]);
    await Promise.all(instances.slice(1).map(start));

    const prefix = path.join(work, 'nginx');
    for (const d of ['tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) mkdirSync(path.join(prefix, d), { recursive: true });
    // Run as root, nginx's workers are 'nobody': they write request bodies under tmp/.
    for (const d of ['', 'tmp', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi']) chmodSync(path.join(prefix, d), 0o777);
    const conf = readFileSync(path.join(apiRoot, '../../deploy/nginx.conf'), 'utf8')
      .replaceAll('{{PREFIX}}', prefix)
      .replaceAll('{{PORT}}', String(proxyPort))
      .replace('{{SERVERS}}', instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=2s;`).join('\n'));
    writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    const check = spawnSync(NGINX!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
    nginx = spawn(NGINX!, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    for (
      let n = 0;
      !(await fetch(`${proxy}/health/live`).then(
        (r) => r.ok,
        () => false,
      ));
      n++
    ) {
      if (n > 100) throw new Error('nginx did not start');
      await sleep(50);
    }

    const hash = await argonHash(PASSWORD);
    await pool.query(`insert into users (username, email, password_hash) values ('fleet_student', $1, $2)`, [EMAIL, hash]);
  }, 600_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = once(nginx, 'exit');
      nginx.kill('SIGQUIT');
      await exited;
    }
    await Promise.all(instances.map((i) => stop(i)));
    await pool?.end();
    await dropDatabase?.();
    await own?.destroy();
    await redis?.destroy();
    await cashfree?.close();
    await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
    if (process.env.FLEET_KEEP_WORK) console.log(`fleet work kept in ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }, 120_000);

  const call = (method: string, url: string, opts: { body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {}) =>
    fetch(`${proxy}${url}`, {
      method,
      headers: { ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.raw ? new Uint8Array(opts.raw) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  const statuses = async (n: number, send: (i: number) => Promise<Response>) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push((await send(i)).status);
    return out;
  };
  const scrape = async (i: Instance) => (await fetch(`http://127.0.0.1:${i.metricsPort}/metrics`)).text();
  const sampleSum = (text: string, prefix: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith(prefix))
      .reduce((a, l) => a + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  const login = async () => {
    const res = await call('POST', '/api/v1/auth/login', { body: { email: EMAIL, password: PASSWORD } });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    return { token: ((await res.json()) as { accessToken: string }).accessToken, cookie };
  };

  it('spreads requests round-robin over the three, with one request id through nginx and the API', async () => {
    const before = await Promise.all(instances.map(scrape));
    const n = 30;
    const answers = await Promise.all(Array.from({ length: n }, () => call('GET', '/api/v1/health')));
    expect(answers.map((a) => a.status)).toEqual(Array(n).fill(200));
    // nginx's $request_id (32 hex) reached the API, which answered with it.
    expect(answers.every((a) => /^[0-9a-f]{32}$/.test(a.headers.get('x-request-id') ?? ''))).toBe(true);
    const after = await Promise.all(instances.map(scrape));
    const served = instances.map(
      (_, k) =>
        sampleSum(after[k], 'http_requests_total{method="GET",route="/api/v1/health",status="200"}') -
        sampleSum(before[k], 'http_requests_total{method="GET",route="/api/v1/health",status="200"}'),
    );
    // The scrapes match what was sent, and each instance served a third.
    expect(served.reduce((a, b) => a + b, 0)).toBe(n);
    expect(served).toEqual([10, 10, 10]);
    expect((await call('GET', '/metrics')).status).toBe(404);
  });

  it('counts a per-address limit, the sign-in slow-down and the submission limit once across instances', async () => {
    // The feedback form: 5 a minute from one address, whichever instance answers.
    expect(await statuses(7, () => call('POST', '/api/v1/app/feedback', { body: { feedback: 'Fleet' } }))).toEqual([200, 200, 200, 200, 200, 429, 429]);
    // Three free failures for the (account, address) pair, then a wait of a second: six attempts sent at once
    // (two to each instance) are three failures and three waits, not six failures (three an instance).
    const wrong = () => call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.in', password: 'wrong-password-1' } });
    const attempts = (await Promise.all(Array.from({ length: 6 }, wrong))).map((r) => r.status).sort();
    expect(attempts).toEqual([401, 401, 401, 429, 429, 429]);
    // SUBMISSION_LIMIT=3 distinct preference sets; the same set again is still admitted.
    const { token } = await login();
    const search = (rank: number) =>
      call('POST', '/api/v1/college/preferences', {
        body: { rank, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
        headers: { authorization: `Bearer ${token}` },
      });
    expect(await statuses(5, (i) => search(1000 + i))).toEqual([200, 200, 200, 429, 429]);
    expect((await search(1000)).status).toBe(200);
  });

  it('ends a session on every instance within the 5 s revocation reload after a sign-out on one', async () => {
    const { token, cookie } = await login();
    const me = () => call('GET', '/api/v1/counselor/me', { headers: { authorization: `Bearer ${token}` } });
    expect(await statuses(3, me)).toEqual([200, 200, 200]);
    const out = await call('POST', '/api/v1/auth/logout', { headers: { cookie, origin: proxy } });
    expect(out.status).toBe(200);
    const signedOutAt = Date.now();
    // Each of three calls in a row reaches another instance; all three refuse within the stated 5 s (plus a poll's slack).
    let last: number[] = [];
    while (Date.now() - signedOutAt < 7000) {
      last = await statuses(3, me);
      if (last.every((s) => s === 403)) break;
      await sleep(200);
    }
    // 403 ACCESS_TOKEN_EXPIRED 'Your session has ended' (docs/decisions/0016), from each instance.
    expect(last).toEqual([403, 403, 403]);
    expect(((await (await me()).json()) as { code: string }).code).toBe('ACCESS_TOKEN_EXPIRED');
  });

  it('serves a counsellor photo uploaded through one instance from every instance', async () => {
    const { token } = await login();
    const user = await pool.query(`select id from users where email = $1`, [EMAIL]);
    await pool.query(
      `insert into counsellors (user_id, institute_id, institute_name, name, year_of_study, program, about, available_days, time_ranges, status)
       values ($1, 'iit-bombay', 'IIT Bombay', 'Fleet Counsellor', 3, 'B.Tech CSE', 'Happy to help with JoSAA choices.', '{1,2}', '[]', 'approved')`,
      [user.rows[0].id],
    );
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa3366' } })
      .png()
      .toBuffer();
    const up = await call('PUT', '/api/v1/counselor/me/photo', { raw: png, headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' } });
    expect(up.status).toBe(200);
    // An approved counsellor's new photo waits for an admin's review (pendingChanges); its URL is served at once.
    const profile = ((await up.json()) as { data: { image: string | null; pendingChanges: { image: string | null } | null } }).data;
    const image = profile.pendingChanges?.image ?? profile.image;
    expect(image).toMatch(/^\/media\/counsellors\/[0-9a-f]{32}-320\.webp$/);
    for (const i of instances) {
      const res = await fetch(`http://127.0.0.1:${i.port}${image!}`);
      expect(res.status, i.name).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(320);
    }
  });

  it('gives one booking to 20 students racing for one slot, and confirms it once whichever instance the webhooks reach', async () => {
    const config = testConfig({ JWT_SECRET });
    const owner = await pool.query(`insert into users (username, email) values ('fleet_counsellor', 'fleet-counsellor@example.in') returning id`);
    const counsellor = await pool.query(
      `insert into counsellors (user_id, institute_id, institute_name, name, year_of_study, program, about, available_days, time_ranges, status)
       values ($1, 'nit-goa', 'NIT Goa', 'Fleet Mentor', 4, 'B.Tech EE', 'Ask me about NIT Goa.', '{0,1,2,3,4,5,6}', '[{"start":540,"end":720}]', 'approved') returning id`,
      [owner.rows[0].id],
    );
    const counsellorId = counsellor.rows[0].id as string;
    const students = await Promise.all(
      Array.from({ length: 20 }, async (_, k) => {
        const email = `racer${k}@example.in`;
        const row = await pool.query(`insert into users (username, email) values ($1, $2) returning id`, [`racer_${k}`, email]);
        return { email, token: await signAccessToken(config, { id: row.rows[0].id, username: `racer_${k}`, email }) };
      }),
    );
    // Tomorrow in India (the earliest day a slot may be booked).
    const tomorrow = new Date(Date.now() + 5.5 * 3600_000 + 24 * 3600_000).toISOString().slice(0, 10);
    const answers = await Promise.all(
      students.map((st) =>
        call('POST', '/api/v1/cashfree/payment', {
          body: { phone: '9876543210', counsellorId, selectedDate: tomorrow, selectedTime: '09:00', duration: 12 },
          headers: { authorization: `Bearer ${st.token}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200)).toEqual(Array(19).fill(409));
    const winner = answers[codes.indexOf(200)];
    const { order_id } = (await winner.json()) as { order_id: string };

    // Paid: Cashfree's webhook reaches whichever instance nginx picks; then it is sent twice more (other instances).
    cashfree.actions.attempt(order_id, 'success');
    await cashfree.actions.settled();
    await cashfree.actions.resendPaymentWebhook(order_id);
    await cashfree.actions.resendPaymentWebhook(order_id);
    await cashfree.actions.settled();
    const delivered = cashfree.state.deliveries.filter((d) => d.orderId === order_id && d.type === 'PAYMENT_SUCCESS_WEBHOOK');
    expect(delivered.map((d) => d.status)).toEqual([200, 200, 200]);
    const booking = await pool.query(`select b.id, b.status from bookings b join payments p on p.booking_id = b.id where p.order_id = $1`, [order_id]);
    expect(booking.rows[0].status).toBe('confirmed');
    const confirmations = await pool.query(`select count(*)::int as n from booking_events where booking_id = $1 and to_status = 'confirmed'`, [
      booking.rows[0].id,
    ]);
    expect(confirmations.rows[0].n).toBe(1);
    const held = await pool.query(`select count(*)::int as n from bookings where counsellor_id = $1 and status in ('held', 'paid', 'confirmed')`, [
      counsellorId,
    ]);
    expect(held.rows[0].n).toBe(1);
  });

  it('serves new data on all three within the read-model poll after another process imports it, never half of it', async () => {
    const config = testConfig({ JWT_SECRET });
    const row = await pool.query(`insert into users (username, email) values ('fleet_reader', 'fleet-reader@example.in') returning id`);
    const token = await signAccessToken(config, { id: row.rows[0].id, username: 'fleet_reader', email: 'fleet-reader@example.in' });
    // One preference set, asked again and again (it counts once against the submission limit).
    const ask = async () => {
      const res = await call('POST', '/api/v1/college/preferences', {
        body: { rank: 4000, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Goa' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { data: { totalDocuments: number } }).data.totalDocuments;
    };
    expect([await ask(), await ask(), await ask()]).toEqual([0, 0, 0]);
    // An import by another process: two seats and the import's marker in one transaction, as the importers write them.
    const card = JSON.stringify({
      why: 'Closed at 5,200 in 2025 round 6.',
      trend: [{ year: 2025, closingRank: 5200 }],
      rounds: [{ round: 6, closingRank: 5200 }],
      fewAllotments: false,
    });
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const [id, program, closing] of [
        ['fleet-seat-1', 'Electrical Engineering (4 Years, Bachelor of Technology)', 5200],
        ['fleet-seat-2', 'Civil Engineering (4 Years, Bachelor of Technology)', 6100],
      ] as const) {
        await client.query(
          `insert into engineering_reference (id, scheme, institute_id, institute_name, institute_type, state, program_name, branch_group, quota, seat_type, gender,
             opening_rank, closing_rank, year, round, basis, search_text, chance_scale, reach_rank, chance_wide, chance_card)
           values ($1, 'josaa', 'iit-fleet', 'Indian Institute of Technology Fleet', 'IIT', 'Goa', $2, 'Electrical', 'AI', 'OPEN', 'Gender-Neutral',
             3000, $3, 2025, 6, 'JoSAA', lower($2), 0.3, $3 * 2, false, $4::jsonb)`,
          [id, program, closing, card],
        );
      }
      // The chance model the engineering import fits (a plain symmetric table of moves here).
      const moves = JSON.stringify(Array.from({ length: 201 }, (_, k) => -3 + (6 * k) / 200));
      await client.query(
        `insert into chance_models (stream, predict_year, reference_year, move_table, calibration, z_reach, summary, backtest, computed_at)
         values ('josaa', 2026, 2025, $1::jsonb, null, 1, '{}'::jsonb, '{}'::jsonb, $2) on conflict (stream) do nothing`,
        [moves, new Date().toISOString()],
      );
      await client.query(
        `insert into data_imports (name, input_hash, rows, imported_at) values ('engineering', 'fleet-test', 2, $1)
         on conflict (name) do update set input_hash = excluded.input_hash, rows = excluded.rows, imported_at = excluded.imported_at`,
        [new Date().toISOString()],
      );
      await client.query('commit');
    } finally {
      client.release();
    }
    // Every answer has both new seats or neither; three new answers in a row are the three instances.
    const seen: number[] = [];
    const deadline = Date.now() + READ_MODEL_POLL_MS + 5000;
    while (seen.slice(-3).join() !== '2,2,2') {
      if (Date.now() > deadline) throw new Error(`not every instance served the import within its poll: ${seen.join(',')}`);
      seen.push(await ask());
    }
    expect(seen.filter((c) => c !== 0 && c !== 2)).toEqual([]);
  });

  it('drains an instance stopped with SIGTERM: no 5xx through the proxy while it stops and restarts', { timeout: 120_000 * DRAIN_CYCLES }, async () => {
    const config = testConfig({ JWT_SECRET });
    const row = await pool.query(`insert into users (username, email) values ('fleet_loader', 'fleet-loader@example.in') returning id`);
    const token = await signAccessToken(config, { id: row.rows[0].id, username: 'fleet_loader', email: 'fleet-loader@example.in' });
    const codes: number[] = [];
    let running = true;
    // Four clients in a loop: predictor answers (one preference set: it counts once) and the public
    // configuration. Not /health: it rightly says 503 'degraded' when a busy machine's database takes
    // over 1.5 s to answer its ping, which is not what this checks.
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let k = 0; running; k++) {
          const res = await call(k % 2 ? 'GET' : 'POST', k % 2 ? '/api/v1/app/config' : '/api/v1/college/preferences', {
            body: k % 2 ? undefined : { rank: 5000, examType: 'IIT', seatType: 'OPEN', gender: 'Female', homeState: 'Kerala' },
            headers: { authorization: `Bearer ${token}` },
          });
          codes.push(res.status);
        }
      }),
    );
    for (let cycle = 0; cycle < DRAIN_CYCLES; cycle++) {
      await sleep(500);
      await stop(instances[1], 'SIGTERM');
      await sleep(500);
      await start(instances[1]);
    }
    await sleep(500);
    running = false;
    await load;
    expect(codes.length).toBeGreaterThan(20);
    // nginx's error log says why an answer was not a 200 (refused, reset, closed before the header).
    const nginxErrors = () => readFileSync(path.join(work, 'nginx/error.log'), 'utf8').split('\n').slice(-20).join('\n');
    expect(
      codes.filter((c) => c !== 200),
      codes.some((c) => c !== 200) ? nginxErrors() : '',
    ).toEqual([]);
  });

  it('runs each due job once with an instance killed mid-run: nothing sent twice, every job finished', async () => {
    const n = 24;
    const ids = (
      await pool.query(
        `insert into jobs (kind, payload, run_at, max_attempts)
         select 'mail', json_build_object('to', 'student' || g || '@example.in', 'subject', 'Fleet job ' || g, 'text', 'Reminder ' || g), now(), 8
         from generate_series(1, $1::int) g returning id`,
        [n],
      )
    ).rows.map((r: { id: string }) => r.id);
    // Kill one instance (SIGKILL: no drain) once mails are flowing, while its worker holds jobs.
    while (mails.filter((m) => m.subject.startsWith('Fleet job')).length < 3) await sleep(20);
    await stop(instances[2], 'SIGKILL');
    // Its claims run out after JOBS_LEASE_MS (6 s) and the others take them over.
    for (let k = 0; ; k++) {
      const left = await pool.query(`select count(*)::int as n from jobs where id = any($1) and status <> 'done'`, [ids]);
      if (left.rows[0].n === 0) break;
      if (k > 600) throw new Error(`${left.rows[0].n} jobs never finished`);
      await sleep(100);
    }
    const sent = mails.filter((m) => m.subject.startsWith('Fleet job')).map((m) => m.subject);
    const bySubject = new Map<string, number>();
    for (const s of sent) bySubject.set(s, (bySubject.get(s) ?? 0) + 1);
    expect([...bySubject.values()].filter((c) => c > 1)).toEqual([]);
    // Jobs the killed instance had begun sending are finished without sending again (at most once);
    // every other job's mail arrived exactly once.
    const skipped = (await pool.query(`select count(*)::int as n from jobs where id = any($1) and last_error like 'not sent again%'`, [ids])).rows[0].n;
    expect(bySubject.size + skipped).toBeGreaterThanOrEqual(n);
    expect(bySubject.size).toBeLessThanOrEqual(n);
    await start(instances[2]);
  });

  it('runs session reminders, the hold sweep and a refund retry once each with an instance killed while they are due', async () => {
    const config = testConfig({ JWT_SECRET });
    const owner = await pool.query(`insert into users (username, email) values ('fleet_guide', 'fleet-guide@example.in') returning id`);
    const counsellor = await pool.query(
      `insert into counsellors (user_id, institute_id, institute_name, name, year_of_study, program, about, available_days, time_ranges, status)
       values ($1, 'nit-calicut', 'NIT Calicut', 'Fleet Guide', 4, 'B.Tech ME', 'Ask me about NIT Calicut.', '{0,1,2,3,4,5,6}', '[{"start":540,"end":720}]', 'approved') returning id`,
      [owner.rows[0].id],
    );
    const counsellorId = counsellor.rows[0].id as string;
    const student = async (name: string) => {
      const email = `${name}@example.in`;
      const row = await pool.query(`insert into users (username, email) values ($1, $2) returning id`, [name, email]);
      return { email, token: await signAccessToken(config, { id: row.rows[0].id, username: name, email }) };
    };
    const payer = await student('fleet_payer');
    const holder = await student('fleet_holder');
    // The day after tomorrow in India: both reminders (24 h and 1 h before) are ahead, and a cancellation is refunded in full.
    const day = new Date(Date.now() + 5.5 * 3600_000 + 48 * 3600_000).toISOString().slice(0, 10);
    const hold = async (st: { token: string }, time: string) => {
      const res = await call('POST', '/api/v1/cashfree/payment', {
        body: { phone: '9876543210', counsellorId, selectedDate: day, selectedTime: time, duration: 12 },
        headers: { authorization: `Bearer ${st.token}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      const { order_id } = (await res.json()) as { order_id: string };
      const b = await pool.query(`select b.id from bookings b join payments p on p.booking_id = b.id where p.order_id = $1`, [order_id]);
      return { orderId: order_id, bookingId: b.rows[0].id as string };
    };
    const wait = async (what: string, done: () => Promise<boolean>) => {
      for (let k = 0; !(await done()); k++) {
        if (k > 400) throw new Error(`${what}: not within 40 s`);
        await sleep(100);
      }
    };
    const one = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0] as Record<string, unknown>;

    // A confirmed (paid) session and another student's unpaid hold on the same day.
    const paid = await hold(payer, '10:00');
    cashfree.actions.attempt(paid.orderId, 'success');
    await cashfree.actions.settled();
    expect((await one(`select status from bookings where id = $1`, [paid.bookingId])).status).toBe('confirmed');
    const held = await hold(holder, '11:00');
    const remindersOf = `select id, status from jobs where kind = 'sessions.reminder' and payload->>'bookingId' = $1`;
    expect((await pool.query(remindersOf, [paid.bookingId])).rows).toHaveLength(2);

    // The student cancels: the refund job sends the refund to Cashfree, which answers PENDING; the job waits to retry (30 s).
    const cancelled = await call('POST', `/api/v1/sessions/${paid.bookingId}/cancel`, { headers: { authorization: `Bearer ${payer.token}` } });
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    const refundJob = `select id, status, attempts, run_at > now() as later from jobs where kind = 'refunds.track' and payload->>'refundRowId' in
      (select id::text from refunds where booking_id = $1)`;
    await wait('the refund job waiting for its retry', async () => {
      const j = (await pool.query(refundJob, [paid.bookingId])).rows[0] as { status: string; attempts: number; later: boolean } | undefined;
      return j?.status === 'pending' && j.attempts >= 1 && j.later;
    });
    // Cancelled sessions get no reminders: book the payer again at 09:00 for the reminders' own session.
    const session = await hold(payer, '09:00');
    cashfree.actions.attempt(session.orderId, 'success');
    await cashfree.actions.settled();
    expect((await pool.query(remindersOf, [session.bookingId])).rows).toHaveLength(2);

    // Everything due at once: both reminders now, the refund's retry now, the hold lapsed five minutes ago.
    const mailsBefore = mails.length;
    expect(
      (await pool.query(`update jobs set run_at = now() where kind = 'sessions.reminder' and payload->>'bookingId' = $1`, [session.bookingId])).rowCount,
    ).toBe(2);
    expect((await pool.query(`update bookings set hold_expires_at = now() - interval '5 minutes' where id = $1`, [held.bookingId])).rowCount).toBe(1);
    const retry = (await pool.query(refundJob, [paid.bookingId])).rows[0] as { id: string };
    expect((await pool.query(`update jobs set run_at = now() where id = $1 and status = 'pending'`, [retry.id])).rowCount).toBe(1);
    // SIGKILL one instance (no drain) once the reminder mails are flowing.
    await wait('a reminder mail', async () => mails.slice(mailsBefore).some((m) => m.subject.startsWith('Reminder:')));
    await stop(instances[1], 'SIGKILL');

    await wait('the reminders, the refund and the hold', async () => {
      const left = await one(
        `select (select count(*)::int from jobs where status <> 'done' and (
                  (kind = 'sessions.reminder' and payload->>'bookingId' = $1) or id = $2
                  or dedupe_key like 'reminder:%:' || $1 or dedupe_key like 'refund-processed:%')) as jobs,
                (select status from bookings where id = $3) as hold`,
        [session.bookingId, retry.id, held.bookingId],
      );
      return left.jobs === 0 && left.hold === 'expired';
    });
    // The reminder mails (24 h and 1 h, student and counsellor) are mail jobs: each arrived at most once, and
    // with those the killed instance had begun (finished without sending again) they are all four.
    const reminderMails = mails.filter((m) => m.subject.startsWith('Reminder:')).map((m) => `${m.to} ${m.subject}`);
    expect(new Set(reminderMails).size).toBe(reminderMails.length);
    const reminderJobs = await one(
      `select count(*)::int as n, count(*) filter (where last_error like 'not sent again%')::int as skipped from jobs where dedupe_key like 'reminder:%:' || $1`,
      [session.bookingId],
    );
    expect(reminderJobs.n).toBe(4);
    // (A mail whose sender was killed after the SMTP server took it but before it answered arrived and is also 'not sent again'.)
    expect(reminderMails.length + Number(reminderJobs.skipped)).toBeGreaterThanOrEqual(4);
    expect(reminderMails.length).toBeLessThanOrEqual(4);
    expect(reminderMails.every((m) => m.startsWith('fleet_payer@example.in ') || m.startsWith('fleet-guide@example.in '))).toBe(true);
    expect(reminderMails.filter((m) => m.endsWith('tomorrow')).length + reminderMails.filter((m) => m.endsWith('in 1 hour')).length).toBe(reminderMails.length);

    // The refund: sent to Cashfree once, processed, entered in the ledger once, its mail queued once.
    const refunds = (await pool.query(`select refund_id, status from refunds where booking_id = $1`, [paid.bookingId])).rows;
    expect(refunds.map((r: { status: string }) => r.status)).toEqual(['success']);
    expect(cashfree.state.refunds.get(paid.orderId)?.map((r) => r.refund_id)).toEqual([refunds[0].refund_id]);
    expect((await one(`select count(*)::int as n from ledger_entries where booking_id = $1 and kind = 'refund'`, [paid.bookingId])).n).toBe(1);
    expect((await one(`select count(*)::int as n from jobs where dedupe_key = $1`, [`refund-processed:${refunds[0].refund_id}`])).n).toBe(1);
    expect(mails.filter((m) => m.to === 'fleet_payer@example.in' && m.subject.startsWith('Refund processed')).length).toBeLessThanOrEqual(1);

    // The hold: expired once by three instances sweeping each second, one event.
    expect((await one(`select count(*)::int as n from booking_events where booking_id = $1 and to_status = 'expired'`, [held.bookingId])).n).toBe(1);
    expect((await one(`select status from bookings where id = $1`, [held.bookingId])).status).toBe('expired');
    await start(instances[1]);
  });

  it('ends a session on every instance within the 5 s revocation reload after a password reset on one', async () => {
    const { token } = await login();
    const me = () => call('GET', '/api/v1/counselor/me', { headers: { authorization: `Bearer ${token}` } });
    expect(await statuses(3, me)).toEqual([200, 200, 200]);
    const before = mails.length;
    expect((await call('POST', '/api/v1/auth/forgot-password', { body: { email: EMAIL } })).status).toBe(200);
    let link: string | undefined;
    for (let k = 0; !link; k++) {
      if (k > 300) throw new Error('no reset mail');
      const mail = mails.slice(before).find((m) => m.to === EMAIL && m.subject.startsWith('Reset your'));
      link = mail && /verify-reset-token\/([A-Za-z0-9_-]{20,})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1];
      await sleep(100);
    }
    const reset = await call('POST', '/api/v1/auth/reset-password', { body: { token: link, password: 'fleet-password-2' } });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const resetAt = Date.now();
    let last: number[] = [];
    while (Date.now() - resetAt < 7000) {
      last = await statuses(3, me);
      if (last.every((s) => s === 403)) break;
      await sleep(200);
    }
    expect(last).toEqual([403, 403, 403]);
    // The new password is the account's; the old one is not.
    const stored = (await pool.query(`select password_hash from users where email = $1`, [EMAIL])).rows[0].password_hash as string;
    expect(await argonVerify(stored, 'fleet-password-2')).toBe(true);
    expect(await argonVerify(stored, PASSWORD)).toBe(false);
  });
});
