/**
 * Predictor benchmark: POST /api/v1/college/preferences (engineering) and
 * POST /api/v1/medical-college/preferences (medical), before and after the read model
 * (docs/decisions/0018), on PostgreSQL and on the embedded PGlite:
 * - before: the SQL path (an app with PREDICTOR_READ_MODEL=false), each answer from the repository's query;
 * - after: the read model (the default), each answer computed in memory;
 * - chance: the read model's answer with and without the chance fields, from two twin routes the
 *   bench server adds, alike in all else (issue 13: the chance fields add at most 20% at p50).
 *
 *   npm run bench:predictor                       # both engines, both streams
 *   npx tsx bench/predictor.ts --engines postgres --duration 10 --connections 10,100
 *
 * Options: --engines postgres,pglite  --streams engineering,medical  --duration <s per run>
 *          --connections <n,n…, PostgreSQL>  --pglite-connections <n,n…> (PGlite's SQL path, one
 *          connection in one process, times out at 100)  --database-url <server URL>  --payloads <payloads per mix>
 *          --rounds <rounds of the mix one at a time>
 *
 * The server runs in a child process (the real app from buildApp, twice on one database: with and
 * without the read model, on loopback), so the load generator does not share its event loop.
 * PostgreSQL: a fresh database is created, imported and dropped at the end. PGlite: in memory.
 * Requests are signed in (one bearer token per simulated student) and SUBMISSION_LIMIT is raised,
 * so the visitor limits and the per-user limit do not change the mix. Before timing, every payload
 * of the mix is sent to both apps and their answers must be byte for byte the same.
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
import { benchEnv, rng, stats, type Stats } from './timing.ts';

type Stream = 'engineering' | 'medical';
type Engine = 'postgres' | 'pglite';
type Path = 'sql' | 'memory' | 'withChance' | 'withoutChance';
type Payload = Record<string, unknown>;
type RawResult = { sql: Stats; memory: Stats; memoryWithoutChance: Stats };
type ServerReady = { ports: { sql: number; memory: number }; tokens: string[]; importMs: number; courses: string[]; rssMb: number };

const ENDPOINT: Record<Stream, string> = { engineering: '/api/v1/college/preferences', medical: '/api/v1/medical-college/preferences' };
/** Twins of the read model's route that the bench server adds, the same but for the chance fields. */
const TWIN: Record<'withChance' | 'withoutChance', Record<Stream, string>> = {
  withChance: { engineering: '/bench/with-chance/college/preferences', medical: '/bench/with-chance/medical-college/preferences' },
  withoutChance: { engineering: '/bench/without-chance/college/preferences', medical: '/bench/without-chance/medical-college/preferences' },
};
const LABEL: Record<Path, string> = {
  sql: 'SQL path (before)',
  memory: 'read model (after)',
  withChance: 'twin, with chance',
  withoutChance: 'twin, without chance',
};

// ---------------------------------------------------------------------------------------------
// Server role (child process): database, import, the two apps, and the raw query timings.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { migrateDatabase, openDatabase } = await import('../apps/api/src/db/client.ts');
  const { importAll } = await import('../apps/api/src/data/import-all.ts');
  const { silentProgress } = await import('../apps/api/src/data/import-context.ts');
  const { signAccessToken } = await import('../apps/api/src/plugins/auth.ts');
  const { compressionPlugin } = await import('../apps/api/src/plugins/compression.ts');
  const { route } = await import('../apps/api/src/lib/route.ts');
  const { enforceVisitorLimits } = await import('../apps/api/src/lib/preference-limits.ts');
  const { createEngineeringRepository } = await import('../apps/api/src/modules/engineering/engineering.repository.ts');
  const { loadEngineeringReadModel } = await import('../apps/api/src/modules/engineering/engineering.read-model.ts');
  const { findColleges, findCollegesJson, preferenceSet: engineeringSet } = await import('../apps/api/src/modules/engineering/engineering.service.ts');
  const { createMedicalRepository } = await import('../apps/api/src/modules/medical/medical.repository.ts');
  const { loadMedicalReadModel } = await import('../apps/api/src/modules/medical/medical.read-model.ts');
  const { findMedicalColleges, findMedicalCollegesJson, preferenceSet: medicalSet } = await import('../apps/api/src/modules/medical/medical.service.ts');
  const { ENGINEERING_PAGE_SIZE, engineeringEndpoints, engineeringPreferencesSchema } = await import('@rankwise/contract/engineering');
  const { MEDICAL_PAGE_SIZE_SUBMIT, medicalEndpoints, medicalPreferencesSchema } = await import('@rankwise/contract/medical');
  const { sql } = await import('drizzle-orm');

  const url = process.env.BENCH_DATABASE_URL || undefined;
  const config = loadConfig(benchEnv(process.env.BENCH_DATA_FOLDER!, url, { SUBMISSION_LIMIT: '100000000', ACCESS_TOKEN_TTL_SECONDS: String(6 * 60 * 60) }));
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  await migrateDatabase(database);
  const started = performance.now();
  await importAll({ database, config, log: () => {}, progress: silentProgress });
  const importMs = performance.now() - started;

  const sqlApp = await buildApp({ ...config, PREDICTOR_READ_MODEL: false }, { database, logger: false });
  const memoryApp = await buildApp(config, { database, logger: false });
  // The read model's answer with and without the chance fields, from twin routes that differ in
  // nothing else (the chance target of issue 13 compares these two).
  const engineeringModel = await loadEngineeringReadModel(database.db);
  const medicalModel = await loadMedicalReadModel(database.db);
  await memoryApp.register(
    async (scope) => {
      await scope.register(compressionPlugin);
      for (const chance of [true, false]) {
        const variant = chance ? 'withChance' : 'withoutChance';
        route(
          scope,
          { ...engineeringEndpoints.preferences, id: `bench.engineering.${variant}`, path: TWIN[variant].engineering.replace('/bench', '') },
          async ({ user, request, body }) => {
            const prefs = enforceVisitorLimits(user, body, ENGINEERING_PAGE_SIZE);
            await scope.submissionLimiter.check({ user, ip: request.ip }, 'engineering', engineeringSet(prefs));
            return findCollegesJson(engineeringModel, prefs, { chance });
          },
          { trustedAnswer: true },
        );
        route(
          scope,
          { ...medicalEndpoints.preferences, id: `bench.medical.${variant}`, path: TWIN[variant].medical.replace('/bench', '') },
          async ({ user, request, body }) => {
            const prefs = enforceVisitorLimits(user, body, MEDICAL_PAGE_SIZE_SUBMIT);
            await scope.submissionLimiter.check({ user, ip: request.ip }, 'medical', medicalSet(prefs));
            return findMedicalCollegesJson(medicalModel, prefs, { chance });
          },
          { trustedAnswer: true },
        );
      }
    },
    { prefix: '/bench' },
  );
  await sqlApp.listen({ port: 0, host: '127.0.0.1' });
  await memoryApp.listen({ port: 0, host: '127.0.0.1' });
  const portOf = (app: typeof sqlApp) => (app.server.address() as { port: number }).port;
  const tokens = await Promise.all(
    Array.from({ length: 200 }, (_, i) => signAccessToken(config, { id: `bench-${i}`, username: `bench_${i}`, email: `bench.${i}@example.in` })),
  );
  const courses = ((await database.db.execute(sql`select name from medical_courses order by position`)) as unknown as { rows: { name: string }[] }).rows.map(
    (r) => r.name,
  );

  // The answer alone, without HTTP: the SQL path (query and answer) and the read model's.
  const engineeringRepo = createEngineeringRepository(database.db);
  const medicalRepo = createMedicalRepository(database.db);
  async function rawOnce(stream: Stream, payload: Payload, from: keyof RawResult): Promise<number> {
    const t = performance.now();
    const chance = from !== 'memoryWithoutChance';
    if (stream === 'engineering') {
      const p = engineeringPreferencesSchema.parse(payload);
      if (from === 'sql') JSON.stringify(await findColleges(engineeringRepo, p));
      else await findCollegesJson(engineeringModel, p, { chance });
    } else {
      const p = medicalPreferencesSchema.parse(payload);
      if (from === 'sql') JSON.stringify(await findMedicalColleges(medicalRepo, p));
      else await findMedicalCollegesJson(medicalModel, p, { chance });
    }
    return performance.now() - t;
  }

  process.on('message', async (msg: { cmd: string; stream: Stream; payloads: Payload[] }) => {
    if (msg.cmd === 'stop') {
      await sqlApp.close();
      await memoryApp.close();
      await database.close();
      process.send!({ stopped: true }, () => process.exit(0));
      return;
    }
    if (msg.cmd === 'raw') {
      const result = {} as RawResult;
      for (const from of ['sql', 'memory', 'memoryWithoutChance'] as const) {
        // Every payload twice; the first pass warms up.
        for (const p of msg.payloads) await rawOnce(msg.stream, p, from);
        const times: number[] = [];
        for (const p of msg.payloads) times.push(await rawOnce(msg.stream, p, from));
        result[from] = stats(times);
      }
      process.send!(result);
    }
  });
  const ready: ServerReady = { ports: { sql: portOf(sqlApp), memory: portOf(memoryApp) }, tokens, importMs, courses, rssMb: process.memoryUsage().rss / 1e6 };
  process.send!(ready);
}

// ---------------------------------------------------------------------------------------------
// Payload mixes: deterministic, drawn from the real form lists and realistic rank ranges.
// ---------------------------------------------------------------------------------------------

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
      sortBy: pick(['rank', 'rank', 'rank', 'package', 'fees', 'program', 'college', 'chance'] as const),
      includeReach: r() < 0.2,
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
      sortBy: pick(['rank', 'rank', 'rank', 'fees', 'college', 'course', 'chance'] as const),
      includeReach: r() < 0.2,
      searchQuery: r() < 0.15 ? pick(searches) : '',
    });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Driver.
// ---------------------------------------------------------------------------------------------

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);

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

async function answer(port: number, url: string, payload: Payload, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(payload)} ${body}`);
  return body;
}

/** Every payload answers 200 from both apps with the same bytes; describes the mix. */
async function checkMix(ports: ServerReady['ports'], stream: Stream, payloads: Payload[], token: string): Promise<string> {
  const totals: number[] = [];
  let bytes = 0;
  for (const p of payloads) {
    const [before, after] = await Promise.all([answer(ports.sql, ENDPOINT[stream], p, token), answer(ports.memory, ENDPOINT[stream], p, token)]);
    if (before !== after) throw new Error(`${stream}: the read model's answer differs from the SQL path's for ${JSON.stringify(p)}`);
    totals.push((JSON.parse(after) as { data: { totalDocuments: number } }).data.totalDocuments);
    bytes += Buffer.byteLength(after);
  }
  const s = stats(totals);
  const empty = totals.filter((t) => t === 0).length;
  return (
    `${payloads.length} payloads, answers of both paths byte-identical; ${empty} with no match, matches per payload: median ${s.p50}, ` +
    `max ${Math.max(...totals)}; ${f1(bytes / payloads.length / 1024)} KB per answer`
  );
}

async function load(port: number, url: string, payloads: Payload[], tokens: string[], connections: number, duration: number) {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: url,
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
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { p50: result.latency.p50, p99: result.latency.p99, avg: result.latency.average, rps: result.requests.average, total: result.requests.total };
}

/**
 * One request at a time, each over its target's own keep-alive connection, timed precisely
 * (autocannon's histogram counts whole milliseconds). The targets take turns on every payload, in
 * an order that changes from one payload to the next, so a busy moment of the machine, or what the
 * request before left behind, falls on all of them alike and their ratio holds.
 */
async function sequentialHttp(targets: { port: number; url: string }[], payloads: Payload[], tokens: string[], rounds: number): Promise<Stats[]> {
  const agents = targets.map(() => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const times: number[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [k, p] of payloads.entries()) {
      const body = JSON.stringify(p);
      const turn = (k + round) % targets.length;
      for (const j of targets.map((_, x) => (x + turn) % targets.length)) {
        const target = targets[j];
        const t = performance.now();
        await new Promise<void>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port: target.port,
              path: target.url,
              method: 'POST',
              agent: agents[j],
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
        // The first round warms up.
        if (round > 0) times[j].push(performance.now() - t);
      }
    }
  }
  for (const a of agents) a.destroy();
  return times.map(stats);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string', default: 'postgres,pglite' },
      streams: { type: 'string', default: 'engineering,medical' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '10,100' },
      'pglite-connections': { type: 'string', default: '10' },
      'database-url': { type: 'string', default: process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      payloads: { type: 'string', default: '300' },
      rounds: { type: 'string', default: '4' },
    },
  });
  const engines = values.engines.split(',') as Engine[];
  const streams = values.streams.split(',') as Stream[];
  const duration = Number(values.duration);
  const n = Number(values.payloads);
  const rounds = Number(values.rounds);
  const levelsOf = (engine: Engine) => (engine === 'postgres' ? values.connections : values['pglite-connections']).split(',').map(Number);
  console.log(`predictor benchmark: ${os.cpus().length} CPU(s) ${os.cpus()[0]?.model ?? ''}, node ${process.version}, ${duration} s per load run, loopback`);

  const rows: string[][] = [];
  const chanceLines: string[] = [];
  for (const engine of engines) {
    console.log(`\n== ${engine}: creating and importing a fresh database …`);
    const server = await startServer(engine, values['database-url']);
    try {
      const { ports, tokens, importMs, courses, rssMb } = server.ready;
      console.log(
        `   imported in ${f1(importMs / 1000)} s; server process ${Math.round(rssMb)} MB resident; SQL path on :${ports.sql}, read model on :${ports.memory}`,
      );
      for (const stream of streams) {
        const payloads = stream === 'engineering' ? await engineeringMix(n) : await medicalMix(n, courses);
        console.log(`-- ${stream}: ${await checkMix(ports, stream, payloads, tokens[0])}`);
        const raw = await ask<RawResult>(server.child, { cmd: 'raw', stream, payloads });
        console.log(
          `   the answer alone, one at a time: SQL path p50 ${f3(raw.sql.p50)} ms (avg ${f3(raw.sql.mean)}); read model p50 ${f3(raw.memory.p50)} ms ` +
            `(avg ${f3(raw.memory.mean)}), without the chance fields p50 ${f3(raw.memoryWithoutChance.p50)} ms (avg ${f3(raw.memoryWithoutChance.mean)})`,
        );
        const paths = ['sql', 'memory', 'withChance', 'withoutChance'] as const;
        const targetOf = (p: Path) => ({
          port: p === 'sql' ? ports.sql : ports.memory,
          url: p === 'sql' || p === 'memory' ? ENDPOINT[stream] : TWIN[p][stream],
        });
        for (const p of paths) await load(targetOf(p).port, targetOf(p).url, payloads, tokens, 10, 2); // warm-up
        // The SQL path on its own (its database work would weigh on the request after it), then the
        // read model's route and its two twins in turns.
        const [sqlOne] = await sequentialHttp([targetOf('sql')], payloads, tokens, rounds);
        const [memoryOne, withOne, withoutOne] = await sequentialHttp(
          [targetOf('memory'), targetOf('withChance'), targetOf('withoutChance')],
          payloads,
          tokens,
          rounds,
        );
        const one: Record<Path, Stats> = { sql: sqlOne, memory: memoryOne, withChance: withOne, withoutChance: withoutOne };
        for (const p of paths) {
          console.log(`   HTTP one at a time, ${LABEL[p].padEnd(22)} p50 ${f3(one[p].p50)} ms, p99 ${f3(one[p].p99)} ms, avg ${f3(one[p].mean)} ms`);
          rows.push([engine, stream, LABEL[p], '1 (seq)', f3(one[p].p50), f3(one[p].p99), f3(one[p].mean), '']);
        }
        const overhead = (one.withChance.p50 / one.withoutChance.p50 - 1) * 100;
        const answerOverhead = (raw.memory.p50 / raw.memoryWithoutChance.p50 - 1) * 100;
        const line =
          `${engine} ${stream}: chance adds ${f1(overhead)}% to the read model's HTTP p50 one at a time ` +
          `(${f3(one.withoutChance.p50)} → ${f3(one.withChance.p50)} ms; target ≤ 20%), ${f1(answerOverhead)}% to the answer alone`;
        console.log(`   ${line}`);
        chanceLines.push(line);
        for (const connections of levelsOf(engine)) {
          for (const p of ['sql', 'memory'] as const) {
            const r = await load(p === 'sql' ? ports.sql : ports.memory, ENDPOINT[stream], payloads, tokens, connections, duration);
            console.log(
              `   HTTP ${String(connections).padStart(3)} connections, ${LABEL[p].padEnd(18)} p50 ${r.p50} ms, p99 ${r.p99} ms, avg ${f2(r.avg)} ms, ${f1(r.rps)} req/s (${r.total} requests)`,
            );
            rows.push([engine, stream, LABEL[p], String(connections), String(r.p50), String(r.p99), f2(r.avg), f1(r.rps)]);
          }
        }
      }
    } finally {
      await server.drop();
    }
  }
  console.log('\nsummary (ms; req/s)');
  const head = ['engine', 'stream', 'path', 'conns', 'p50', 'p99', 'avg', 'req/s'];
  const table = [head, ...rows];
  const widths = head.map((_, c) => Math.max(...table.map((r) => r[c].length)));
  for (const r of table) console.log(r.map((v, c) => (c < 3 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  '));
  console.log('');
  for (const l of chanceLines) console.log(l);
}

if (process.argv.includes('--serve')) await serve();
else await main();
