import { describe, expect, it } from 'vitest';
import { josaaModel } from './chance-models.ts';
import { engineeringSeatChances, type EngineeringCutoff } from './seat-chances.ts';
import { buildSeatHistories, type RoundRow } from './seat-history.ts';

// Synthetic seats moving ±10% a year, 2016-2020, to fit a small model.
const rows: RoundRow[] = [];
for (let i = 0; i < 80; i++) {
  for (let y = 2016; y <= 2020; y++) {
    const closing = Math.round((1000 + 10 * i) * (y % 2 ? 1.1 : 1) * (i % 3 ? 1 : 1 + (y % 3) / 10));
    rows.push({ key: `s${i}`, year: y, round: 6, quota: 'AI', seatType: 'OPEN', gender: 'Gender-Neutral', opening: '1', closing: String(closing) });
  }
}
const model = josaaModel(buildSeatHistories(rows));

const cut = (o: Partial<EngineeringCutoff>): EngineeringCutoff => ({
  counselling: 'JoSAA',
  year: 2020,
  round: 6,
  instituteId: 'nit-x',
  programName: 'CSE',
  quota: 'OS',
  seatType: 'OPEN',
  gender: 'Gender-Neutral',
  openingRank: 1,
  closingRank: 14_210,
  ...o,
});

describe('engineering seat chances', () => {
  const cutoffs = [
    cut({ year: 2018, closingRank: 13_900 }),
    cut({ year: 2019, round: 5, closingRank: 14_750 }),
    cut({ year: 2020, round: 1, closingRank: 12_000 }),
    cut({ year: 2020, round: 3, closingRank: 13_500 }),
    cut({ year: 2020, round: 6, closingRank: 14_210 }),
    cut({ counselling: 'CSAB', year: 2020, round: 2, closingRank: 20_000 }),
    cut({ programName: 'New', year: 2020, round: 6, closingRank: 900 }),
    cut({ programName: 'Prep', year: 2020, round: 6, closingRank: 50, closingPreparatory: true }),
    // An SC seat: JoSAA closes it on SC category ranks, CSAB on common-rank-list ranks.
    cut({ seatType: 'SC', year: 2019, closingRank: 2_500 }),
    cut({ seatType: 'SC', year: 2020, closingRank: 2_600 }),
    cut({ counselling: 'CSAB', seatType: 'SC', year: 2020, round: 3, closingRank: 46_097 }),
  ];
  const reference = [
    { ...cutoffs[4], id: 'josaa-cse' },
    { ...cutoffs[5], id: 'csab-cse' },
    { ...cutoffs[6], id: 'josaa-new' },
    { ...cutoffs[10], id: 'csab-sc' },
  ];
  const chances = engineeringSeatChances(model, reference, cutoffs);

  it('writes the why-line, trend and rounds of a JoSAA seat', () => {
    const c = chances.get('josaa-cse')!;
    expect(c.card.why).toBe('closed at 14,210 in 2020 round 6; 14,750 in 2019; 13,900 in 2018');
    expect(c.card.trend).toEqual([
      { year: 2018, closingRank: 13_900 },
      { year: 2019, closingRank: 14_750 },
      { year: 2020, closingRank: 14_210 },
    ]);
    expect(c.card.rounds.map((r) => r.round)).toEqual([1, 3, 6]);
    expect(c.wideBand).toBe(false);
    expect(c.reachRank).toBeGreaterThan(14_210);
  });

  it('judges a CSAB seat on its CSAB closing rank, with its JoSAA history', () => {
    const c = chances.get('csab-cse')!;
    expect(c.card.why).toBe('closed at 20,000 in CSAB 2020 round 2; 14,210 in JoSAA 2020; 14,750 in JoSAA 2019');
    expect(c.card.rounds).toEqual([{ round: 2, closingRank: 20_000 }]);
    expect(c.reachRank).toBeGreaterThan(20_000);
  });

  it("never mixes a CSAB SC seat's common-rank-list closing rank with its JoSAA category ranks", () => {
    const c = chances.get('csab-sc')!;
    // Its only CSAB year: no JoSAA SC rank in the why-line or the trend, no 'new in' claim, the wider band.
    expect(c.card.why).toBe('closed at 46,097 in CSAB 2020 round 3');
    expect(c.card.trend).toEqual([{ year: 2020, closingRank: 46_097 }]);
    expect(c.wideBand).toBe(true);
    expect(c.reachRank).toBeGreaterThan(46_097);
  });

  it('gives a seat new in the reference year the wider band', () => {
    const c = chances.get('josaa-new')!;
    expect(c.card.why).toBe('closed at 900 in 2020 round 6; new in 2020');
    expect(c.wideBand).toBe(true);
    expect(c.chanceScale).toBeGreaterThan(0);
  });
});
