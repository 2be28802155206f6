/**
 * Predictor benchmark: POST /api/v1/college/preferences (engineering) and
 * POST /api/v1/medical-college/preferences (medical) under autocannon, over a mix of real
 * preference payloads, on PostgreSQL and on the embedded PGlite, beside the time of the
 * repository's own query for the same payloads.
 *
 *   npm run bench:predictor                       # both engines, both streams
 *   npx tsx bench/predictor.ts --engines postgres --duration 10 --connections 100
 *
 * Options: --engines postgres,pglite  --streams engineering,medical  --duration <s per run>
 *          --connections <n,n…, PostgreSQL>  --pglite-connections <n,n…>  --database-url <server URL>
 *          --payloads <payloads per mix>
 * Each stream first runs its payloads one at a time (the unloaded latency, compared with the raw query).
 *
 * The server runs in a child process (the real app from buildApp, on loopback), so the load
 * generator does not share its event loop. PostgreSQL: a fresh database is created, imported and
 * dropped at the end. PGlite: an in-memory database inside the server process.
 * Requests are signed in (one bearer token per simulated student) and SUBMISSION_LIMIT is raised,
 * so the visitor limits and the per-user limit do not change the mix.
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

type Stream = 'engineering' | 'medical';
type Engine = 'postgres' | 'pglite';
type Payload = Record<string, unknown>;
type Stats = { n: number; p50: number; p99: number; avg: number };
type RawResult = { sequential: Stats; concurrent: { perSecond: number; concurrency: number } };
type ServerReady = { port: number; tokens: string[]; importMs: number; courses: string[] };

const ENDPOINT: Record<Stream, string> = { engineering: '/api/v1/college/preferences', medical: '/api/v1/medical-college/preferences' };

// ---------------------------------------------------------------------------------------------
// Server role (child process): database, import, app, and the raw query timings.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { migrateDatabase, openDatabase } = await import('../apps/api/src/db/client.ts');
  const { importAll } = await import('../apps/api/src/data/import-all.ts');
  const { silentProgress } = await import('../apps/api/src/data/import-context.ts');
  const { signAccessToken } = await import('../apps/api/src/plugins/auth.ts');
  const { createEngineeringRepository } = await import('../apps/api/src/modules/engineering/engineering.repository.ts');
  const { findColleges } = await import('../apps/api/src/modules/engineering/engineering.service.ts');
  const { createMedicalRepository } = await import('../apps/api/src/modules/medical/medical.repository.ts');
  const { findMedicalColleges } = await import('../apps/api/src/modules/medical/medical.service.ts');
  const { engineeringPreferencesSchema } = await import('@rankwise/contract/engineering');
  const { medicalPreferencesSchema } = await import('@rankwise/contract/medical');
  const { sql } = await import('drizzle-orm');

  const url = process.env.BENCH_DATABASE_URL || undefined;
  const dataFolder = process.env.BENCH_DATA_FOLDER!;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_FOLDER: dataFolder,
    DATABASE_URL: url ?? '',
    IMPORT_ON_START: 'false',
    SUBMISSION_LIMIT: '100000000',
    ACCESS_TOKEN_TTL_SECONDS: String(6 * 60 * 60),
  });
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  await migrateDatabase(database);
  const started = performance.now();
  await importAll({ database, config, log: () => {}, progress: silentProgress });
  const importMs = performance.now() - started;
  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const tokens = await Promise.all(
    Array.from({ length: 200 }, (_, i) => signAccessToken(config, { id: `bench-${i}`, username: `bench_${i}`, email: `bench.${i}@example.in` })),
  );
  const courses = ((await database.db.execute(sql`select name from medical_courses order by position`)) as unknown as { rows: { name: string }[] }).rows.map(
    (r) => r.name,
  );

  // The repository exactly as the routes use it, with its findMatches call timed.
  const engineeringRepo = createEngineeringRepository(database.db);
  const medicalRepo = createMedicalRepository(database.db);
  // Built once, so the chance curve the service reads is cached as in the app (lib/chance.ts).
  let ms = 0;
  const timedEngineering = {
    ...engineeringRepo,
    findMatches: async (q: Parameters<typeof engineeringRepo.findMatches>[0]) => timed(() => engineeringRepo.findMatches(q)),
  };
  const timedMedical = { ...medicalRepo, findMatches: async (q: Parameters<typeof medicalRepo.findMatches>[0]) => timed(() => medicalRepo.findMatches(q)) };
  async function rawOnce(stream: Stream, payload: Payload): Promise<number> {
    ms = 0;
    if (stream === 'engineering') await findColleges(timedEngineering, engineeringPreferencesSchema.parse(payload));
    else await findMedicalColleges(timedMedical, medicalPreferencesSchema.parse(payload));
    return ms;
  }
  async function timed<T>(f: () => Promise<T>): Promise<T> {
    const t = performance.now();
    const r = await f();
    ms += performance.now() - t;
    return r;
  }

  process.on('message', async (msg: { cmd: string; stream: Stream; payloads: Payload[]; seconds: number; concurrency: number }) => {
    if (msg.cmd === 'stop') {
      await app.close();
      await database.close();
      process.send!({ stopped: true }, () => process.exit(0));
      return;
    }
    if (msg.cmd === 'raw') {
      // Sequential: one query at a time, every payload twice (the first pass warms the cache).
      for (const p of msg.payloads) await rawOnce(msg.stream, p);
      const times: number[] = [];
      for (const p of msg.payloads) times.push(await rawOnce(msg.stream, p));
      // Concurrent: `concurrency` callers for `seconds` (the pool's size on PostgreSQL).
      let done = 0;
      let i = 0;
      const until = performance.now() + msg.seconds * 1000;
      await Promise.all(
        Array.from({ length: msg.concurrency }, async () => {
          while (performance.now() < until) {
            await rawOnce(msg.stream, msg.payloads[i++ % msg.payloads.length]);
            done++;
          }
        }),
      );
      const result: RawResult = { sequential: stats(times), concurrent: { perSecond: done / msg.seconds, concurrency: msg.concurrency } };
      process.send!(result);
    }
  });
  const ready: ServerReady = { port, tokens, importMs, courses };
  process.send!(ready);
}

// ---------------------------------------------------------------------------------------------
// Payload mixes: deterministic, drawn from the real form lists and realistic rank ranges.
// ---------------------------------------------------------------------------------------------

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function engineeringMix(n: number): Promise<Payload[]> {
  const { branchGroups, engineeringCategories } = await import('@rankwise/contract/engineering');
  const { homeStates } = await import('@rankwise/contract/reference');
  const r = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const logUniform = (lo: number, hi: number) => Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));
  const searches = ['computer', 'nit', 'electrical', 'delhi', 'bhopal', 'mechanical', 'iiit', 'technology'];
  const out: Payload[] = [];
  for (let k = 0; k < n; k++) {
    const examType = pick(['', '', '', 'IIT', 'IIT', 'CSAB'] as const);
    const seatType = examType === 'CSAB' ? undefined : r() < 0.55 ? 'OPEN' : pick(engineeringCategories);
    const reserved = seatType !== undefined && seatType !== 'OPEN';
    const rank = examType === 'IIT' ? logUniform(reserved ? 20 : 100, reserved ? 5000 : 20000) : logUniform(reserved ? 100 : 1000, reserved ? 100000 : 300000);
    const branchCount = r() < 0.6 ? 0 : 1 + Math.floor(r() * 3);
    const branch = [...new Set(Array.from({ length: branchCount }, () => pick(branchGroups)))];
    out.push({
      examType,
      ...(seatType ? { seatType } : {}),
      rank,
      gender: r() < 0.7 ? 'Male' : 'Female',
      homeState: pick(homeStates),
      branch,
      sportsFacility: r() < 0.8 ? 'Yes' : 'No',
      hostelFacility: r() < 0.8 ? 'Yes' : 'No',
      messFacility: r() < 0.8 ? 'Yes' : 'No',
      page: r() < 0.7 ? 1 : 2 + Math.floor(r() * 3),
      pageSize: 35,
      sortBy: pick(['rank', 'rank', 'rank', 'package', 'fees', 'program', 'college'] as const),
      searchQuery: r() < 0.15 ? pick(searches) : '',
    });
  }
  return out;
}

async function medicalMix(n: number, courses: string[]): Promise<Payload[]> {
  const { medicalCategories, medicalQuotas } = await import('@rankwise/contract/medical');
  const r = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const logUniform = (lo: number, hi: number) => Math.round(Math.exp(Math.log(lo) + r() * (Math.log(hi) - Math.log(lo))));
  const searches = ['delhi', 'pune', 'government', 'hospital', 'medical college', 'aiims'];
  const out: Payload[] = [];
  for (let k = 0; k < n; k++) {
    const courseCount = r() < 0.6 ? 0 : 1 + Math.floor(r() * 3);
    const page = r() < 0.7 ? 1 : 2 + Math.floor(r() * 3);
    out.push({
      rank: logUniform(100, 100000),
      category: r() < 0.5 ? 'General' : pick(medicalCategories),
      quota: r() < 0.8 ? 'All India' : pick(medicalQuotas),
      courses: [...new Set(Array.from({ length: courseCount }, () => pick(courses)))],
      examType: 'NEET',
      page,
      pageSize: page === 1 && r() < 0.5 ? 10 : 30,
      sortBy: pick(['rank', 'rank', 'rank', 'fees', 'college', 'course'] as const),
      searchQuery: r() < 0.15 ? pick(searches) : '',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Driver.
// ---------------------------------------------------------------------------------------------

function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p99: at(0.99), avg: s.reduce((a, b) => a + b, 0) / s.length };
}

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);

async function startServer(engine: Engine, serverUrl: string): Promise<{ child: ChildProcess; ready: ServerReady; drop(): Promise<void> }> {
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-'));
  let dbName: string | null = null;
  let databaseUrl = '';
  if (engine === 'postgres') {
    dbName = `rankwise_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
    databaseUrl = withDatabase(serverUrl, dbName);
  }
  const child = fork(import.meta.filename, ['--serve'], {
    // BENCH_CPU_PROF=<dir>: write a V8 CPU profile of the server process there.
    execArgv: process.env.BENCH_CPU_PROF ? [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : process.execArgv,
    env: { ...process.env, BENCH_DATABASE_URL: databaseUrl, BENCH_DATA_FOLDER: dataFolder },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ServerReady>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ServerReady));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    child,
    ready,
    async drop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ cmd: 'stop' });
      });
      rmSync(dataFolder, { recursive: true, force: true });
      if (dbName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    },
  };
}

function ask<T>(child: ChildProcess, msg: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(msg as never);
  });
}

/** Checks every payload answers 200 once, and describes the mix. */
async function checkMix(port: number, stream: Stream, payloads: Payload[], token: string): Promise<string> {
  const totals: number[] = [];
  for (const p of payloads) {
    const res = await fetch(`http://127.0.0.1:${port}${ENDPOINT[stream]}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(p),
    });
    if (res.status !== 200) throw new Error(`${stream} payload answered ${res.status}: ${JSON.stringify(p)} ${await res.text()}`);
    const body = (await res.json()) as { data: { colleges: unknown[]; totalDocuments: number } };
    totals.push(body.data.totalDocuments);
  }
  const s = stats(totals);
  const empty = totals.filter((t) => t === 0).length;
  return `${payloads.length} payloads, ${empty} with no match, matches per payload: median ${s.p50}, max ${Math.max(...totals)}`;
}

async function load(port: number, stream: Stream, payloads: Payload[], tokens: string[], connections: number, duration: number) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: ENDPOINT[stream],
        setupRequest: (req: Record<string, unknown>) => {
          const k = i++;
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[k % tokens.length]}` },
            body: JSON.stringify(payloads[k % payloads.length]),
          };
        },
      },
    ],
  });
  if (result.non2xx || result.errors || result.timeouts)
    throw new Error(`${stream}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { p50: result.latency.p50, p99: result.latency.p99, avg: result.latency.average, rps: result.requests.average, total: result.requests.total };
}

/** One request at a time over one keep-alive connection, timed precisely (autocannon's histogram counts whole milliseconds). */
async function sequentialHttp(port: number, stream: Stream, payloads: Payload[], tokens: string[], rounds: number): Promise<Stats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const [k, p] of payloads.entries()) {
      const body = JSON.stringify(p);
      const t = performance.now();
      await new Promise<void>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: ENDPOINT[stream],
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${tokens[k % tokens.length]}` },
          },
          (res) => {
            res.on('data', () => {});
            res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      if (round > 0) times.push(performance.now() - t);
    }
  }
  agent.destroy();
  return stats(times);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string', default: 'postgres,pglite' },
      streams: { type: 'string', default: 'engineering,medical' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '100,10' },
      'pglite-connections': { type: 'string', default: '10' },
      'database-url': { type: 'string', default: process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      payloads: { type: 'string', default: '300' },
    },
  });
  const engines = values.engines.split(',') as Engine[];
  const streams = values.streams.split(',') as Stream[];
  const duration = Number(values.duration);
  const n = Number(values.payloads);
  console.log(`predictor benchmark: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, node ${process.version}, ${duration} s per run, loopback`);

  const rows: string[][] = [];
  for (const engine of engines) {
    console.log(`\n== ${engine}: creating and importing a fresh database …`);
    const server = await startServer(engine, values['database-url']);
    try {
      const { port, tokens, importMs, courses } = server.ready;
      console.log(`   imported in ${f1(importMs / 1000)} s; app on 127.0.0.1:${port}`);
      const levels = (engine === 'postgres' ? values.connections : values['pglite-connections']).split(',').map(Number);
      for (const stream of streams) {
        const payloads = stream === 'engineering' ? await engineeringMix(n) : await medicalMix(n, courses);
        console.log(`-- ${stream}: ${await checkMix(port, stream, payloads, tokens[0])}`);
        await load(port, stream, payloads, tokens, levels[0], 2); // warm-up
        const raw = await ask<RawResult>(server.child, {
          cmd: 'raw',
          stream,
          payloads,
          seconds: Math.max(3, Math.round(duration / 2)),
          concurrency: engine === 'postgres' ? 10 : 1,
        });
        console.log(
          `   repository query alone, one at a time: p50 ${f2(raw.sequential.p50)} ms, p99 ${f2(raw.sequential.p99)} ms, avg ${f2(raw.sequential.avg)} ms (${raw.sequential.n} payloads)`,
        );
        console.log(`   repository query alone, ${raw.concurrent.concurrency} at a time: ${f1(raw.concurrent.perSecond)} queries/s`);
        // Unloaded: the same payloads one at a time (the first round warms up), beside the raw query.
        const one = await sequentialHttp(port, stream, payloads, tokens, 3);
        console.log(
          `   HTTP, one at a time:                    p50 ${f2(one.p50)} ms, p99 ${f2(one.p99)} ms, avg ${f2(one.avg)} ms; ` +
            `${f2(one.p50 / raw.sequential.p50)}x the raw query at p50, ${f2(one.avg / raw.sequential.avg)}x on average`,
        );
        rows.push([
          engine,
          stream,
          '1 (seq)',
          f2(one.p50),
          f2(one.p99),
          f2(one.avg),
          '',
          f2(raw.sequential.p50),
          f2(raw.sequential.avg),
          f2(one.avg / raw.sequential.avg),
        ]);
        for (const connections of levels) {
          const r = await load(port, stream, payloads, tokens, connections, duration);
          console.log(
            `   HTTP, ${String(connections).padStart(3)} connections (autocannon, ${duration} s): p50 ${r.p50} ms, p99 ${r.p99} ms, avg ${f2(r.avg)} ms, ${f1(r.rps)} req/s (${r.total} requests); ` +
              `${connections} / ${f1(r.rps)} req/s = ${f1((connections / r.rps) * 1000)} ms mean time in system (Little's law)`,
          );
          rows.push([
            engine,
            stream,
            String(connections),
            String(r.p50),
            String(r.p99),
            f2(r.avg),
            f1(r.rps),
            f2(raw.sequential.p50),
            f2(raw.sequential.avg),
            f2(r.avg / raw.sequential.avg),
          ]);
        }
      }
    } finally {
      await server.drop();
    }
  }
  console.log('\nsummary (ms; req/s)');
  const head = ['engine', 'stream', 'conns', 'p50', 'p99', 'avg', 'req/s', 'raw p50', 'raw avg', 'avg/raw'];
  const table = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...table.map((r) => r[c].length)));
  for (const r of table) console.log(r.map((v, c) => v.padStart(widths[c])).join('  '));
}

if (process.argv.includes('--serve')) await serve();
else await main();
