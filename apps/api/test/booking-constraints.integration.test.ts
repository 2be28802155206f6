import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from './helpers/test-database.ts';

describe.each(databaseKinds)('booking constraints (%s)', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());
  it('migrates', async () => {
    const r = await t.database.db.execute(sql`select count(*)::int as n from bookings`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });
});
