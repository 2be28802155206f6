/**
 * Choice list benchmark (issue 23): POST /api/v1/choices/outcomes with 100-choice JoSAA lists of
 * real seats for varied students, one request at a time over loopback HTTP, on a fresh database
 * with the engineering data imported; and the outcome model alone (the simulation of one list).
 *
 *   npm run bench:choices                          # PostgreSQL, 3 passes (the first not counted)
 *   npx tsx bench/choices.ts --engines postgres,pglite --passes 3 --lists 100
 *
 * Target (issue 23): p50 under 300 ms for a 100-choice list on the 2-core machine.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';
import { benchEnv, fmt, rng, stats } from './timing.ts';

type Engine = 'postgres' | 'pglite';
const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres' },
    passes: { type: 'string', default: '3' },
    lists: { type: 'string', default: '60' },
    choices: { type: 'string', default: '100' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

async function runEngine(engine: Engine): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { migrateDatabase, openDatabase } = await import('../apps/api/src/db/client.ts');
  const { importEngineering } = await import('../apps/api/src/data/josaa/import-engineering.ts');
  const { silentProgress } = await import('../apps/api/src/data/import-context.ts');
  const { simulateOutcomes } = await import('../apps/api/src/modules/choices/outcome-model.ts');
  const { signAccessToken } = await import('../apps/api/src/plugins/auth.ts');

  const serverUrl = values['database-url']!;
  const dbName = engine === 'postgres' ? `rankwise_bench_choices_${randomBytes(4).toString('hex')}` : null;
  if (dbName) await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-choices-'));
  const url = dbName ? withDatabase(serverUrl, dbName) : undefined;
  const config = loadConfig(benchEnv(dataFolder, url, { ADDRESS_RATE_LIMIT_FACTOR: '1000', SUBMISSION_LIMIT: '100000' }));
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const started = performance.now();
    await importEngineering({ database, config, log: () => {}, progress: silentProgress });
    console.log(`\n== ${engine}: engineering data imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const app = await buildApp(config, { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/v1`;
    // A signed-in student (visitors see only the first page of results).
    const token = await signAccessToken(config, { id: 'bench-student', username: 'bench', email: 'bench@example.in' });
    const post = async (p: string, body: unknown) => {
      const t0 = performance.now();
      const res = await fetch(`${base}${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { data: unknown };
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${JSON.stringify(json)}`);
      return { ms: performance.now() - t0, json };
    };

    // Students across the rank range; each list: `choices` of the student's results (Reach included) in a random order.
    const random = rng(2026);
    const n = Number(values.choices);
    const students = [3_000, 8_000, 15_000, 25_000, 40_000, 70_000].map((rank) => ({
      category: 'OPEN',
      gender: 'Male',
      homeState: 'Karnataka',
      mainRank: rank,
    }));
    const pools = new Map<number, string[]>();
    for (const s of students) {
      const ids: string[] = [];
      for (let page = 1; ids.length < 3 * n && page <= 3; page++) {
        const r = await post('/college/preferences', {
          rank: s.mainRank,
          examType: '',
          seatType: 'OPEN',
          gender: 'Male',
          homeState: 'Karnataka',
          includeReach: true,
          sortBy: 'rank',
          pageSize: 100,
          page,
        });
        const colleges = (r.json.data as { colleges: { id: string }[] }).colleges;
        ids.push(...colleges.map((c) => c.id));
        if (colleges.length < 100) break;
      }
      pools.set(s.mainRank, ids);
    }
    const lists = Array.from({ length: Number(values.lists) }, (_, k) => {
      const s = students[k % students.length];
      const pool = [...pools.get(s.mainRank)!];
      for (let i = pool.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return { student: s, choices: pool.slice(0, n) };
    });
    console.log(
      `lists of ${Math.min(...lists.map((l) => l.choices.length))}-${Math.max(...lists.map((l) => l.choices.length))} choices, ${lists.length} per pass`,
    );
    const passes = Number(values.passes);
    const times: number[] = [];
    for (let pass = 0; pass < passes; pass++) {
      for (const l of lists) {
        const r = await post('/choices/outcomes', { counselling: 'JoSAA', student: l.student, choices: l.choices });
        if (pass > 0) times.push(r.ms);
      }
    }
    console.log(`POST /choices/outcomes (${n} choices)   ${fmt(stats(times))}   (target p50 < 300 ms)`);

    // The simulation alone, on the same lists' chances.
    const model: number[] = [];
    for (const l of lists) {
      const r = await post('/choices/outcomes', { counselling: 'JoSAA', student: l.student, choices: l.choices });
      const d = r.json.data as { choices: { chance: number | null }[]; method: { rho: number; seed: number } };
      const chances = d.choices.map((c) => c.chance);
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        simulateOutcomes(chances, { rho: d.method.rho, seed: d.method.seed });
        if (k > 0) model.push(performance.now() - t0);
      }
    }
    console.log(`outcome model alone (${n} choices, 4,096 simulated years)   ${fmt(stats(model))}`);
    await app.close();
  } finally {
    await database.close();
    if (dbName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataFolder, { recursive: true, force: true });
  }
}

for (const engine of values.engines!.split(',') as Engine[]) await runEngine(engine);
