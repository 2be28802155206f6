import { describe, expect, it } from 'vitest';
import { firstMedicalPage, nextMedicalPage, type MedicalPageParam } from './medical-paging.ts';

/** Walks every page against a list of `total` rows, paged by number as the API does. */
function walk(total: number) {
  const rows = Array.from({ length: total }, (_, i) => i + 1);
  const params: MedicalPageParam[] = [];
  const shown: number[] = [];
  let p: MedicalPageParam | undefined = firstMedicalPage;
  while (p) {
    params.push(p);
    const served = rows.slice((p.page - 1) * p.pageSize, p.page * p.pageSize);
    shown.push(...served.slice(p.skip));
    p = nextMedicalPage(p, total);
    if (params.length > 100) throw new Error('no end');
  }
  return { params, shown, rows };
}

describe('medical paging', () => {
  it('asks for 10 rows first, then page 1 of 30 keeping rows 11-30, then pages 2, 3 of 30', () => {
    expect(walk(95).params).toEqual([
      { page: 1, pageSize: 10, skip: 0 },
      { page: 1, pageSize: 30, skip: 10 },
      { page: 2, pageSize: 30, skip: 0 },
      { page: 3, pageSize: 30, skip: 0 },
      { page: 4, pageSize: 30, skip: 0 },
    ]);
  });

  it.each([0, 1, 9, 10, 11, 29, 30, 31, 40, 60, 61, 95, 317])('shows each of %i rows exactly once, in order', (total) => {
    const { shown, rows } = walk(total);
    expect(shown).toEqual(rows);
  });

  it('stops after the first page when it held every row', () => {
    expect(nextMedicalPage(firstMedicalPage, 10)).toBeUndefined();
    expect(nextMedicalPage(firstMedicalPage, 11)).toEqual({ page: 1, pageSize: 30, skip: 10 });
  });
});
