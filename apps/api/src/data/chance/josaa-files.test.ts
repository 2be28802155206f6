import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { readJosaaRoundRows } from './josaa-files.ts';
import { buildSeatHistories, type RoundRow } from './seat-history.ts';

describe('the backtest reads the 2016-2024 files with their lost preparatory ranks marked', () => {
  let rows: RoundRow[];
  beforeAll(async () => {
    rows = await readJosaaRoundRows(testConfig().DATA_DIR);
  }, 120_000);

  it("gives the stated rule's rows their P, and no other row of 2016-2024", () => {
    const marked = rows.filter((r) => r.year <= 2024 && r.closing.endsWith('P'));
    const perYear = new Map<number, number>();
    for (const r of marked) perYear.set(r.year, (perYear.get(r.year) ?? 0) + 1);
    expect([...perYear].sort((a, b) => a[0] - b[0])).toEqual([
      [2019, 104],
      [2020, 238],
      [2021, 303],
      [2022, 41],
      [2023, 39],
      [2024, 24],
    ]);
    expect(marked.every((r) => r.key.startsWith('Indian Institute of Technology') && Number(r.opening) > Number(r.closing.slice(0, -1)))).toBe(true);
  });

  it('leaves such a seat-year out of the model (2021 IIT Bombay Chemistry ST: no closing rank 187)', () => {
    const chem = buildSeatHistories(rows).find(
      (h) => h.key.startsWith('Indian Institute of Technology Bombay\u0001Chemistry') && h.key.endsWith('\u0001AI\u0001ST\u0001Gender-Neutral'),
    )!;
    expect(chem).toBeDefined();
    expect(chem.finals.has(2021)).toBe(false);
    expect([...chem.finals.values()].some((f) => f.closingRank === 187)).toBe(false);
  });
});
