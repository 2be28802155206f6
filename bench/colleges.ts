/**
 * College pages benchmark: POST /api/v1/college/about-college (every JoSAA institute) and
 * POST /api/v1/college/compare (three result seats, a home state or a PIN code, a category), one
 * request at a time over loopback HTTP, on a fresh PostgreSQL database (and optionally PGlite);
 * then the web build: the landing page's JavaScript, and whether the college pages' code is in it.
 *
 *   npm run bench:colleges                            # PostgreSQL, 3 passes (2 counted)
 *   npx tsx bench/colleges.ts --engines postgres,pglite --passes 3
 *
 * Options: --engines postgres,pglite  --passes <n> (the first pass warms the caches and is not
 * counted)  --compares <n per pass>  --database-url <server URL>  --dist <apps/web/dist>
 * Target (issue 10): p50 under 20 ms for each, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';
import { benchEnv, fmt, rng, stats, type Stats } from './timing.ts';

type Engine = 'postgres' | 'pglite';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres' },
    passes: { type: 'string', default: '3' },
    compares: { type: 'string', default: '200' },
    'database-url': { type: 'string', default: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    dist: { type: 'string', default: path.resolve(import.meta.dirname, '../apps/web/dist') },
  },
});

async function runEngine(engine: Engine): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.ts');
  const { loadConfig } = await import('../apps/api/src/config.ts');
  const { migrateDatabase, openDatabase } = await import('../apps/api/src/db/client.ts');
  const { importEngineering } = await import('../apps/api/src/data/josaa/import-engineering.ts');
  const { importGeo } = await import('../apps/api/src/data/geo/import-geo.ts');
  const { importColleges } = await import('../apps/api/src/data/colleges/import-colleges.ts');
  const { silentProgress } = await import('../apps/api/src/data/import-context.ts');
  const { homeStates } = await import('@rankwise/contract/reference');
  const { engineeringCategories } = await import('@rankwise/contract/engineering');
  const { sql } = await import('drizzle-orm');

  const serverUrl = values['database-url']!;
  const dbName = engine === 'postgres' ? `rankwise_bench_colleges_${randomBytes(4).toString('hex')}` : null;
  if (dbName) await adminQuery(serverUrl, `CREATE DATABASE ${dbName}`);
  const dataFolder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-colleges-'));
  const url = dbName ? withDatabase(serverUrl, dbName) : undefined;
  const config = loadConfig(benchEnv(dataFolder, url));
  const database = await openDatabase({ url, pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const ctx = { database, config, log: () => {}, progress: silentProgress };
    const started = performance.now();
    await importEngineering(ctx);
    await importGeo(ctx);
    await importColleges(ctx);
    console.log(`\n== ${engine}: imported in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const app = await buildApp(config, { database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/college`;
    const rows = async <T>(q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const institutes = await rows<{ name: string }>(
      sql`select name from engineering_institutes i where exists (select 1 from engineering_cutoffs c where c.institute_id = i.id) order by name`,
    );
    const seats = await rows<{ id: string; institute_name: string }>(
      sql`select id, institute_name from engineering_reference where scheme = 'josaa' order by id`,
    );
    const pins = (await rows<{ pin_code: string }>(sql`select pin_code from postal_codes order by pin_code`)).map((r) => r.pin_code);
    const states = homeStates.filter((s) => s !== 'Outside India');

    const post = async (endpoint: string, body: unknown): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${base}/${endpoint}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}`);
      return ms;
    };

    const passes = Number(values.passes);
    const about: number[] = [];
    const compare: number[] = [];
    for (let pass = 0; pass < passes; pass++) {
      const rand = rng(42 + pass);
      for (const i of institutes) {
        const ms = await post('about-college', { instituteName: i.name });
        if (pass > 0) about.push(ms);
      }
      for (let k = 0; k < Number(values.compares); k++) {
        const picked = [0, 1, 2].map(() => seats[Math.floor(rand() * seats.length)]);
        const body = {
          data: picked.map((s) => ({ id: s.id, collegeName: s.institute_name })),
          homeState: states[Math.floor(rand() * states.length)],
          ...(rand() < 0.5 ? { pinCode: pins[Math.floor(rand() * pins.length)] } : {}),
          category: engineeringCategories[Math.floor(rand() * engineeringCategories.length)],
        };
        const ms = await post('compare', body);
        if (pass > 0) compare.push(ms);
      }
    }
    console.log(`about-college (${institutes.length} institutes × ${passes - 1} counted passes): ${fmt(stats(about))}`);
    console.log(`compare (3 seats each):                         ${fmt(stats(compare))}`);
    const target = (s: Stats) => (s.p50 < 20 ? 'meets' : 'MISSES');
    console.log(`target p50 < 20 ms: about-college ${target(stats(about))}, compare ${target(stats(compare))}`);
    await app.close();
  } finally {
    await database.close();
    if (dbName) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    rmSync(dataFolder, { recursive: true, force: true });
  }
}

/** The scripts index.html loads (entry and preloads) against the college pages' chunks. */
function bundleReport(dist: string): void {
  const index = path.join(dist, 'index.html');
  console.log('\n== web build');
  if (!existsSync(index)) {
    console.log(`no ${index}: run npm run build first`);
    return;
  }
  const html = readFileSync(index, 'utf8');
  const landing = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const size = (f: string) => {
    const buf = readFileSync(path.join(dist, f));
    return { raw: statSync(path.join(dist, f)).size, gzip: gzipSync(buf).length, text: buf.toString('utf8') };
  };
  let raw = 0;
  let gz = 0;
  const chartMarker = 'Each point is one JoSAA round';
  let chartOnLanding = false;
  for (const f of landing) {
    const s = size(f);
    raw += s.raw;
    gz += s.gzip;
    if (s.text.includes(chartMarker)) chartOnLanding = true;
  }
  console.log(`landing page JavaScript: ${landing.length} file(s), ${(raw / 1024).toFixed(1)} KiB (${(gz / 1024).toFixed(1)} KiB gzip)`);
  for (const f of readdirSync(path.join(dist, 'assets')).filter((n) => /^(about-college-page|compare-page)-.*\.js$/.test(n))) {
    const s = size(`assets/${f}`);
    console.log(
      `  loaded on its own page only: ${f} ${(s.raw / 1024).toFixed(1)} KiB (${(s.gzip / 1024).toFixed(1)} KiB gzip)${s.text.includes(chartMarker) ? ', has the history chart' : ''}`,
    );
  }
  console.log(`history chart in the landing page's JavaScript: ${chartOnLanding ? 'YES (it should not be)' : 'no'}`);
}

for (const e of values.engines!.split(',')) await runEngine(e.trim() as Engine);
bundleReport(values.dist!);
