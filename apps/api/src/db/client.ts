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
import { apiRoot } from '../config.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export const migrationsFolder = path.join(apiRoot, 'drizzle');

const PGLITE_SHARED_BUFFERS = '16MB';

/** One database handle for both engines: the same schema, migrations and queries. */
export type Database =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; client: pg.Pool; url: string; timeouts?: DatabaseTimeouts; close(): Promise<void> };

/** PostgreSQL limits of a serving handle (docs/decisions/0017); 0 means none. */
export type DatabaseTimeouts = { statementMs: number; connectMs: number };

/** How much longer than the server's own statement timeout this process waits for an answer before giving up on a frozen server. */
const CLIENT_GRACE_MS = 1000;

/**
 * A pool connection that survives the server going away:
 * - An error on a connection that is checked out (a transaction waiting between statements when
 *   the server shuts down) would be an 'error' event nobody listens to, and end the process. It
 *   is ignored here: the transaction's next statement fails, and the pool drops the connection.
 * - node-postgres gives up on a query after query_timeout but keeps the connection with the
 *   unanswered query on it: handed out again, the next user would wait behind it, or, once the
 *   server woke up, run inside a transaction the timed-out request never ended (and be answered
 *   "done" for a write that is never committed). Such a connection is closed instead.
 */
class GuardedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    this.on('error', () => {});
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- passes every overload of query() through
  override query(...args: any[]): any {
    const result = (pg.Client.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') void this.end().catch(() => {});
      });
    }
    return result;
  }
}

/**
 * Opens PostgreSQL at `url`, or the embedded PGlite at `pgliteDir` ('memory://' for in-memory).
 * With `timeouts` (the API's handle), a statement is cancelled by the server after statementMs and
 * given up by this process a second later if the server does not answer at all (stopped, frozen,
 * cut off), and opening a connection or waiting for a free one is given up after connectMs.
 * Without (migrations, imports, tools) a statement may run as long as it needs.
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir: string;
  timeouts?: DatabaseTimeouts;
  /** Called with every statement's text as it is sent (tests that check which queries a request makes). */
  onQuery?: (sql: string) => void;
  /** PGlite only: start from this data directory (a tarball of PGlite's dumpDataDir; tests clone one import this way). */
  loadDataDir?: Blob;
}): Promise<Database> {
  const logger = opts.onQuery ? { logQuery: (query: string) => opts.onQuery!(query) } : false;
  if (opts.url) {
    const t = opts.timeouts;
    const pool = new pg.Pool({
      Client: GuardedClient,
      connectionString: opts.url,
      max: 10,
      ...(t?.connectMs ? { connectionTimeoutMillis: t.connectMs } : {}),
      ...(t?.statementMs ? { statement_timeout: t.statementMs, query_timeout: t.statementMs + CLIENT_GRACE_MS } : {}),
      // A connection to a server that vanished without a word (network cut) is noticed by the OS too.
      keepAlive: true,
    });
    pool.on('error', () => {}); // idle client errors surface on the next query instead
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    return { kind: 'postgres', db, client: pool, url: opts.url, timeouts: t, close: () => pool.end() };
  }
  if (opts.pgliteDir !== 'memory://') mkdirSync(opts.pgliteDir, { recursive: true });
  // btree_gist: the bookings exclusion constraint (counsellor = and time range &&).
  const client = await PGlite.create(opts.pgliteDir === 'memory://' ? undefined : opts.pgliteDir, {
    extensions: { btree_gist },
    // PostgreSQL's 128 MB of shared buffers are zeroed at start, so all of it is resident from the
    // first moment; the reference tables are served from the read models and the files sit in the
    // OS cache, so 16 MB does as well and the process is about 120 MB smaller (docs/decisions/0019).
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
  return { kind: 'pglite', db, client, close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

/**
 * Runs `fn` on a handle of the same database without statement timeouts, for work whose statements
 * may rightly run long (migrations, data imports); PGlite, and a handle without limits, as they are.
 */
export async function withoutStatementTimeout<T>(database: Database, fn: (d: Database) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite' || !database.timeouts?.statementMs) return fn(database);
  const unbounded = await openDatabase({ url: database.url, pgliteDir: '', timeouts: { statementMs: 0, connectMs: database.timeouts.connectMs } });
  try {
    return await fn(unbounded);
  } finally {
    await unbounded.close();
  }
}

/** `select 1`, given up after `limitMs` (a frozen server never answers; the query itself ends by its own timeout). */
export async function pingDatabase(database: Database, limitMs = 1500): Promise<{ ok: boolean; latencyMs: number | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    // Drizzle runs a query each time it is awaited: run it once, here.
    const ping = (async () => database.db.execute(sql`select 1`))();
    ping.catch(() => {}); // may fail after the limit, when nobody waits for it
    await Promise.race([ping, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('ping timed out')), limitMs)))]);
    return { ok: true, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  } catch {
    return { ok: false, latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}
