import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase } from '../../src/db/client.ts';
import { adminQuery, withDatabase, type DatabaseKind, type ImportedDataMeta, type TestDatabase } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test/global-setup.ts has the run's imported data built (helpers/imported-data-build.ts). */
    importedDataDir: string;
  }
}

export type ImportedTestDatabase = TestDatabase & { imported: ImportedDataMeta };

/**
 * For a beforeAll that waits for the run's import: bounded work (fixed files, about 1.5 min of CPU
 * on PGlite), which a machine busy with other work stretches, never a hang (a builder that fails or
 * dies is reported at once). Ten minutes were too short at a load average of 25 on two cores.
 */
export const IMPORTED_DATA_TIMEOUT_MS = 30 * 60_000;

/** Waits for the run's import of `kind` (the builder started by the global setup), or its failure. */
async function readyImport(dir: string, kind: DatabaseKind): Promise<ImportedDataMeta> {
  const ready = path.join(dir, `${kind}.json`);
  const failed = path.join(dir, `${kind}.failed`);
  // Bounded by the caller's hook timeout; the global setup writes `failed` if the builder dies.
  for (;;) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as ImportedDataMeta;
    if (existsSync(failed)) throw new Error(`the test run's data import on ${kind} failed:\n${readFileSync(failed, 'utf8')}`);
    await sleep(250);
  }
}

/**
 * A fresh database of the given kind holding every public data set as a server's first start
 * imports it (importMissing: engineering, medical, geo, colleges; not the choice backtests), dropped
 * after like createTestDatabase's. The data is imported once per test run (test/global-setup.ts)
 * and each call gets its own copy: PGlite from the import's data directory, PostgreSQL with
 * CREATE DATABASE … TEMPLATE.
 */
export async function importedTestDatabase(kind: DatabaseKind): Promise<ImportedTestDatabase> {
  const dir = inject('importedDataDir');
  if (!dir) throw new Error('no imported data: the test must run under apps/api/vitest.config.ts (its globalSetup imports the data)');
  const imported = await readyImport(dir, kind);
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([await readFile(path.join(dir, 'pglite.tar'))]) });
    // Already migrated; this checks so (and would apply a migration the import lacked).
    await migrateDatabase(database);
    return { database, url: null, drop: () => database.close(), imported };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl || !imported.template) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rankwise_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createFromTemplate(serverUrl, name, imported.template);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, pgliteDir: '' });
  await migrateDatabase(database);
  return {
    database,
    url,
    imported,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * CREATE DATABASE … TEMPLATE: PostgreSQL refuses while another session is connected to the
 * template ("is being accessed by other users", 55006), which another file's copy made at the same
 * moment can be for an instant: tried again then.
 */
async function createFromTemplate(serverUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 40) throw err;
      await sleep(250 * Math.min(attempt, 8));
    }
  }
}
