/**
 * Import benchmark: the time `npm run data:import` takes for each data set, on a fresh PGlite
 * database (in a temporary folder, as `npm start` uses it) and on a fresh PostgreSQL database,
 * followed by a second run that must change nothing (the input hash is unchanged).
 *
 *   npm run bench:import                                    # both engines
 *   npx tsx bench/import.ts --engines pglite --database-url postgres://postgres@127.0.0.1:5432/postgres
 *
 * The target: each import stays under a minute (docs/decisions/0003). The figures printed are the
 * importers' own wall-clock times (reading the files included).
 *
 * Then, on the loaded database, `data:add` of one JoSAA round (issue 22 item 6: under 30 s to live
 * on PGlite, with the chance refit): round 6 of 2026, made from the published round 5 with every
 * tenth closing rank loosened by 3% (no round 6 is published in any copy found), checked,
 * kept under DATA_FOLDER and brought live incrementally (docs/decisions/0023); the figure is from
 * the call to the round being live, with the process's CPU time beside it (the machine may be shared).
 *   --skip-add: leave this step out.
 *   --add-only: load only what data:add builds on (engineering, colleges) before it, once.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.ts';
import { addRound } from '../apps/api/src/data/add-round.ts';
import { importColleges } from '../apps/api/src/data/colleges/import-colleges.ts';
import { importAll } from '../apps/api/src/data/import-all.ts';
import { silentProgress } from '../apps/api/src/data/import-context.ts';
import { importEngineering } from '../apps/api/src/data/josaa/import-engineering.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
    'skip-add': { type: 'boolean', default: false },
    'add-only': { type: 'boolean', default: false },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});

const folder = mkdtempSync(path.join(os.tmpdir(), 'rankwise-bench-import-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  IMPORT_ON_START: 'false',
  DATA_FOLDER: folder,
  ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
});

/** Round 6 of JoSAA 2026 as an operator would add it (see the top). */
function round6(): Buffer {
  const lines = readFileSync(path.join(config.DATA_DIR, 'josaa-2026/orcr_2026_rounds1-5.csv'), 'utf8').split(/\r?\n/);
  const out = [lines[0]];
  let n = 0;
  for (const l of lines.slice(1)) {
    if (!l.startsWith('2026,5,')) continue;
    const cells = l.replace(/^2026,5,/, '2026,6,').split(',');
    const closing = cells.at(-1)!;
    if (n++ % 10 === 0 && /^\d+$/.test(closing) && /^\d+$/.test(cells.at(-2)!)) cells[cells.length - 1] = String(Math.round(Number(closing) * 1.03));
    out.push(cells.join(','));
  }
  return Buffer.from(`${out.join('\n')}\n`);
}

async function run(engine: string, database: Database): Promise<void> {
  await migrateDatabase(database);
  const ctx = { database, config, log: () => {}, progress: silentProgress };
  for (const pass of values['add-only'] ? ['first import'] : ['first import', 'second run']) {
    const summaries = values['add-only'] ? [await importEngineering(ctx), await importColleges(ctx)] : await importAll(ctx);
    for (const s of summaries) {
      const what = s.skipped ? 'unchanged' : `${s.rows.toLocaleString('en-IN')} rows`;
      console.log(`${engine.padEnd(9)} ${pass.padEnd(13)} ${s.name.padEnd(12)} ${(s.ms / 1000).toFixed(1).padStart(6)} s  (${what})`);
    }
  }
  if (values['skip-add']) return;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const added = await addRound(ctx, { bytes: round6(), fileName: 'round6.csv', counselling: 'JoSAA', year: 2026, round: 6, addedBy: 'bench:import' });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  if (added.status !== 'live') throw new Error(`data:add refused the bench round: ${added.problems.join('; ')}`);
  console.log(
    `${engine.padEnd(9)} data:add      JoSAA 2026 R6 ${(ms / 1000).toFixed(1).padStart(6)} s  to live (${added.incremental ? 'incremental' : 'whole import'}; ${added.imports.map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join(', ')}; ` +
      `CPU ${((used.user + used.system) / 1e6).toFixed(1)} s; load average ${os.loadavg()[0].toFixed(1)}; target under 30 s on PGlite)`,
  );
  // The next engine starts from the shared data only.
  rmSync(path.join(folder, 'added-data'), { recursive: true, force: true });
}

try {
  for (const engine of values.engines.split(',')) {
    if (engine === 'pglite') {
      const database = await openDatabase({ pgliteDir: path.join(folder, 'pglite') });
      try {
        await run(engine, database);
      } finally {
        await database.close();
      }
    } else if (engine === 'postgres') {
      const name = `rankwise_bench_import_${randomBytes(4).toString('hex')}`;
      await adminQuery(values['database-url'], `CREATE DATABASE ${name}`);
      const database = await openDatabase({ url: withDatabase(values['database-url'], name), pgliteDir: '' });
      try {
        await run(engine, database);
      } finally {
        await database.close();
        await adminQuery(values['database-url'], `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    } else throw new Error(`unknown engine '${engine}' (pglite, postgres)`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
