import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; the PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it). */
export const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export type TestDatabase = {
  database: Database;
  url: string | null;
  drop(): Promise<void>;
  /** A copy of the run's imported data (helpers/imported-data.ts): what that import did. */
  imported?: ImportedDataMeta;
};

/** What the run's one import of the data did (helpers/imported-data-build.ts). */
export type ImportedDataMeta = {
  kind: DatabaseKind;
  /** postgres: the template database's name. */
  template?: string;
  summaries: { name: string; rows: number; skipped: boolean; ms: number }[];
  ms: number;
  /** The builder's CPU seconds (user + system): the work itself, which a loaded machine does not change. */
  cpuSeconds: number;
};

/** A fresh, migrated database: in-memory PGlite, or a new database on the server, dropped after. */
export async function createTestDatabase(kind: DatabaseKind, opts: { onQuery?: (sql: string) => void } = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://', onQuery: opts.onQuery });
    await migrateDatabase(database);
    return { database, url: null, drop: () => database.close() };
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `rankwise_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ url, pgliteDir: '', onQuery: opts.onQuery });
  await migrateDatabase(database);
  return {
    database,
    url,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function withDatabase(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on the server's maintenance database (CREATE / DROP DATABASE). */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
