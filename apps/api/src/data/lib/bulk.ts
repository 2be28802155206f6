import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from '../../db/client.ts';

/** A transaction that can run SQL and bulk-load rows with COPY, on PGlite and PostgreSQL alike. */
export type BulkTx = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** COPY rows into table(columns); values: string, number, boolean, null, Date or JSON-able. */
  copyRows(table: string, columns: string[], rows: Iterable<readonly unknown[]>): Promise<number>;
};

export async function withBulkTransaction<T>(database: Database, fn: (tx: BulkTx) => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return pgliteTx(database.client, fn);
  return postgresTx(database.client, fn);
}

async function pgliteTx<T>(client: PGlite, fn: (tx: BulkTx) => Promise<T>): Promise<T> {
  return client.transaction(async (t: Transaction) => {
    return fn({
      async query<R>(text: string, params: unknown[] = []) {
        return (await t.query<R>(text, params)).rows;
      },
      async copyRows(table, columns, rows) {
        const { csv, count } = toCsv(rows);
        if (count === 0) return 0;
        await t.query(`COPY ${table} (${columns.map(quoteIdent).join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([csv]),
        });
        return count;
      },
    });
  });
}

async function postgresTx<T>(pool: pg.Pool, fn: (tx: BulkTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn({
      async query<R>(text: string, params: unknown[] = []) {
        return (await client.query(text, params)).rows as R[];
      },
      async copyRows(table, columns, rows) {
        const { csv, count } = toCsv(rows);
        if (count === 0) return 0;
        const stream = client.query(copyFrom(`COPY ${table} (${columns.map(quoteIdent).join(', ')}) FROM STDIN WITH (FORMAT csv)`));
        await pipeline(Readable.from([csv]), stream);
        return count;
      },
    });
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** CSV for COPY: unquoted empty = NULL, everything else quoted. */
function toCsv(rows: Iterable<readonly unknown[]>): { csv: string; count: number } {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(csvValue).join(','));
  return { csv: lines.length ? `${lines.join('\n')}\n` : '', count: lines.length };
}

function csvValue(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error(`cannot COPY a non-finite number: ${v}`);
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 't' : 'f';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'string' ? v : JSON.stringify(v);
  return `"${s.replaceAll('"', '""')}"`;
}
