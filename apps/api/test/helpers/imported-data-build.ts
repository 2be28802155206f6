/**
 * Imports every public data set once, as a server's first start does (importMissing: engineering,
 * medical, geo, colleges), into a database of one kind, and leaves it where the test files clone it
 * from (helpers/imported-data.ts):
 * - pglite: PGlite's data directory as a tarball, `<dir>/pglite.tar`;
 * - postgres: the database named on the command line, on TEST_DATABASE_URL's server, used as a
 *   template (CREATE DATABASE … TEMPLATE).
 * Then `<dir>/<kind>.json` (the import summaries), written last: its presence means ready.
 * The PGlite dump is also kept for the browser tests' harness, keyed by its inputs
 * (helpers/imported-data-cache.ts), so that `npm test`'s e2e step need not import the same data again.
 * Started by the test run's global setup (test/global-setup.ts); usage: imported-data-build.ts <dir> <kind> [template].
 */
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client.ts';
import { importMissing } from '../../src/data/import-all.ts';
import { silentProgress } from '../../src/data/import-context.ts';
import { importedDataKey, keepPgliteDump } from './imported-data-cache.ts';
import { testConfig } from './test-config.ts';
import { adminQuery, withDatabase, type DatabaseKind, type ImportedDataMeta } from './test-database.ts';

/** Writes `file` whole or not at all (a reader polling for it never sees half of it). */
function writeAtomically(file: string, data: string | Uint8Array): void {
  writeFileSync(`${file}.part`, data);
  renameSync(`${file}.part`, file);
}

async function build(dir: string, kind: DatabaseKind, template: string | undefined): Promise<void> {
  const started = performance.now();
  const config = testConfig();
  // Of the inputs as they are before the import reads them.
  const key = kind === 'pglite' ? importedDataKey(config) : '';
  let dump: Uint8Array | null = null;
  let database: Database;
  if (kind === 'pglite') {
    database = await openDatabase({ pgliteDir: 'memory://' });
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl || !template) throw new Error('postgres: TEST_DATABASE_URL and a template name are needed');
    await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
    database = await openDatabase({ url: withDatabase(serverUrl, template), pgliteDir: '' });
  }
  try {
    await migrateDatabase(database);
    const summaries = await importMissing({ database, config, log: () => {}, progress: silentProgress });
    if (database.kind === 'pglite') {
      const tar = new Uint8Array(await (await database.client.dumpDataDir('none')).arrayBuffer());
      writeAtomically(path.join(dir, 'pglite.tar'), tar);
      dump = tar;
    }
    const meta: ImportedDataMeta = {
      kind,
      template,
      summaries: summaries.map(({ name, rows, skipped, ms }) => ({ name, rows, skipped, ms })),
      ms: performance.now() - started,
      cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
    };
    const parts = meta.summaries.map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join(', ');
    console.log(`test data imported once for the run on ${kind}: ${parts}; ${(meta.ms / 1000).toFixed(1)} s, ${meta.cpuSeconds.toFixed(1)} s of CPU`);
    // A template must have no connection open when it is copied: close before saying ready.
    await database.close();
    writeAtomically(path.join(dir, `${kind}.json`), JSON.stringify(meta));
    // After saying ready: the test files need not wait for it.
    if (dump) keepPgliteDump(key, dump);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

const [dir, kind, template] = process.argv.slice(2);
try {
  await build(dir, kind as DatabaseKind, template);
  process.exit(0);
} catch (err) {
  writeAtomically(path.join(dir, `${kind}.failed`), err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
}
