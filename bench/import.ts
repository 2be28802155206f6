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
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config.ts';
import { importAll } from '../apps/api/src/data/import-all.ts';
import { silentProgress } from '../apps/api/src/data/import-context.ts';
import { migrateDatabase, openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { adminQuery, withDatabase } from '../apps/api/test/helpers/test-database.ts';

const { values } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
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

async function run(engine: string, database: Database): Promise<void> {
  await migrateDatabase(database);
  for (const pass of ['first import', 'second run']) {
    const summaries = await importAll({ database, config, log: () => {}, progress: silentProgress });
    for (const s of summaries) {
      const what = s.skipped ? 'unchanged' : `${s.rows.toLocaleString('en-IN')} rows`;
      console.log(`${engine.padEnd(9)} ${pass.padEnd(13)} ${s.name.padEnd(12)} ${(s.ms / 1000).toFixed(1).padStart(6)} s  (${what})`);
    }
  }
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
