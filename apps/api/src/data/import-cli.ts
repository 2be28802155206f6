import path from 'node:path';
import { loadConfig } from '../config.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { importAll } from './import-all.ts';
import { createProgress } from './progress.ts';

// `npm run data:import`: (re)imports every data set from DATA_DIR into the configured database.
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.DATA_FOLDER, 'pglite') });
const log = (m: string) => console.log(m);
try {
  await migrateDatabase(database);
  const started = performance.now();
  const summaries = await importAll({ database, config, log, progress: createProgress(log) });
  for (const s of summaries) {
    log(`${s.name}: ${s.skipped ? 'unchanged' : `${s.rows} rows`} in ${(s.ms / 1000).toFixed(1)} s`);
    if (s.unplaced.length) log(`  could not place ${s.unplaced.length} name(s):\n    ${s.unplaced.join('\n    ')}`);
  }
  log(`import finished in ${((performance.now() - started) / 1000).toFixed(1)} s (${database.kind})`);
} finally {
  await database.close();
}
