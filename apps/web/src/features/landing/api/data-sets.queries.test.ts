import { describe, expect, it } from 'vitest';
import { printableDataSets } from './data-sets.queries.ts';

describe('printableDataSets (the landing data line, read without zod)', () => {
  const josaa = { name: 'JoSAA', label: 'JoSAA 2026 round 5 (round 6 not yet in our data)', updatedOn: '2026-07-14', importedAt: null };
  it('keeps the entries with a label and a date', () => expect(printableDataSets({ data: [josaa] })).toEqual([josaa]));
  it('leaves out an entry missing either field', () =>
    expect(printableDataSets({ data: [josaa, { name: 'CSAB', label: 'CSAB 2025' }, { updatedOn: '2025-08-01' }, null, 'x'] })).toEqual([josaa]));
  it('reads anything else as no data sets', () => {
    for (const answer of [null, undefined, 'oops', {}, { data: {} }, { data: 'x' }]) expect(printableDataSets(answer)).toEqual([]);
  });
});
