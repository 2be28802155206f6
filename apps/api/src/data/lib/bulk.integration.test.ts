import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/helpers/test-database.ts';
import { withBulkTransaction } from './bulk.ts';

describe.each(databaseKinds)('bulk COPY on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(() => t.drop());

  it('loads awkward values exactly and rolls back on failure', async () => {
    await withBulkTransaction(t.database, async (tx) => {
      await tx.query('create table bulk_t (a text, b integer, c boolean, d jsonb)');
      await tx.copyRows(
        'bulk_t',
        ['a', 'b', 'c', 'd'],
        [
          ['Indian Institute of Technology, "Bombay"\nline', 1, true, { x: 1 }],
          ['', null, false, null],
          [null, 3, null, ['y']],
        ],
      );
    });
    const rows = await withBulkTransaction(t.database, (tx) => tx.query('select * from bulk_t order by b nulls last'));
    expect(rows).toEqual([
      { a: 'Indian Institute of Technology, "Bombay"\nline', b: 1, c: true, d: { x: 1 } },
      { a: null, b: 3, c: null, d: ['y'] },
      { a: '', b: null, c: false, d: null },
    ]);
    await expect(
      withBulkTransaction(t.database, async (tx) => {
        await tx.copyRows('bulk_t', ['a'], [['kept?']]);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const count = await withBulkTransaction(t.database, (tx) => tx.query<{ n: number }>('select count(*)::int as n from bulk_t'));
    expect(count[0].n).toBe(3);
  });
});
