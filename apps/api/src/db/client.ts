import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** One database handle for both engines: the same schema, migrations and queries. */
export type Database =
  { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> } | { kind: 'postgres'; db: Db; client: pg.Pool; close(): Promise<void> };

/** Opens PostgreSQL at `url`, or the embedded PGlite at `pgliteDir` ('memory://' for in-memory). */
export async function openDatabase(opts: { url?: string; pgliteDir: string }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    pool.on('error', () => {}); // idle client errors surface on the next query instead
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { kind: 'postgres', db, client: pool, close: () => pool.end() };
  }
  if (opts.pgliteDir !== 'memory://') mkdirSync(opts.pgliteDir, { recursive: true });
  // btree_gist: the bookings exclusion constraint (counsellor = and time range &&).
  const client = await PGlite.create(opts.pgliteDir === 'memory://' ? undefined : opts.pgliteDir, { extensions: { btree_gist } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

export async function pingDatabase(database: Database): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  try {
    await database.db.execute(sql`select 1`);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: null };
  }
}
