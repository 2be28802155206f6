import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { databaseSettingProblem, databaseUnavailableReason, pgErrorCode } from './pg-error.ts';

const dbError = (code: string, message = 'x') => Object.assign(new pg.DatabaseError(message, 0, 'error'), { code });
/** Drizzle wraps a driver's error as the cause of its own. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into "t" values ($1)'), { cause });

describe('a database that is away, told from other failures', () => {
  it('knows a refused connection as the driver reports it', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    const err = await client.connect().then(
      () => null,
      (e: unknown) => e,
    );
    expect(databaseUnavailableReason(wrapped(err))).toBe('ECONNREFUSED');
  });

  it('knows shutdowns, connection failures, lack of resources and our statement timeout', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08P01', '53300', '57014']) {
      expect(databaseUnavailableReason(wrapped(dbError(code))), code).toBe(code);
    }
    for (const message of ['Connection terminated unexpectedly', 'Query read timeout', 'timeout exceeded when trying to connect']) {
      expect(databaseUnavailableReason(wrapped(new Error(message))), message).toBe(message);
    }
  });

  it('leaves data errors and bugs alone (they are 4xx or 500, not 503)', () => {
    for (const code of ['23505', '22P02', '22001', '42P01', '40001']) {
      expect(databaseUnavailableReason(wrapped(dbError(code))), code).toBeUndefined();
      expect(pgErrorCode(wrapped(dbError(code)))).toBe(code);
    }
    expect(databaseUnavailableReason(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
  });
});

describe('databaseSettingProblem', () => {
  const url = 'postgres://rankwise:secret@db.internal:5432/rankwise_prod';
  it('names the setting and the database or user, in one line, for errors that waiting will not cure', () => {
    const missing = databaseSettingProblem(wrapped(dbError('3D000')), url);
    expect(missing).toBe(
      'DATABASE_URL names a database that does not exist on the server: "rankwise_prod". Create it (createdb rankwise_prod) or correct DATABASE_URL.',
    );
    expect(databaseSettingProblem(wrapped(dbError('28P01')), url)).toMatch(/^DATABASE_URL: the server refused user "rankwise"/);
    for (const line of [missing, databaseSettingProblem(dbError('28P01'), url)]) {
      expect(line).not.toContain('\n');
      expect(line).not.toContain('secret');
    }
  });
  it('says nothing of outages and other errors', () => {
    for (const code of ['57P03', '08006', '23505']) expect(databaseSettingProblem(wrapped(dbError(code)), url), code).toBeUndefined();
    expect(databaseSettingProblem(new Error('boom'), url)).toBeUndefined();
  });
});
