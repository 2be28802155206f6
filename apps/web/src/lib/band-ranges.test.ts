import type { Backtest } from '@rankwise/contract/chance';
import { describe, expect, it } from 'vitest';
import { bandRangesOf } from './band-ranges.ts';

const bands = (observed: number[]) =>
  (['Safe', 'Likely', 'Toss-up', 'Reach', 'Unlikely'] as const).map((band, i) => ({
    band,
    n: observed[i] < 0 ? 0 : 100,
    predicted: 0.5,
    observed: Math.max(0, observed[i]),
  }));

const backtest = (years: number[][]): Backtest => ({
  stream: 'josaa',
  years: years.map((o, i) => ({ year: 2018 + i, seats: 10, points: 190, brier: 0.1, baselineBrier: 0.2, bands: bands(o) })),
  total: { seats: 10, points: 190, brier: 0.1, baselineBrier: 0.2, bands: bands([0.95, 0.75, 0.5, 0.25, 0.05]), bins: [] },
});

describe('band ranges across backtest years', () => {
  it('gives each band the lowest and highest share won in one year, skipping years without its points', () => {
    const r = bandRangesOf(
      backtest([
        [0.9, 0.56, 0.29, 0.146, 0.04],
        [0.98, 0.88, 0.72, 0.45, -1],
        [0.95, 0.7, 0.5, 0.1, 0.02],
      ]),
    );
    expect(r.find((x) => x.band === 'Toss-up')).toEqual({ band: 'Toss-up', min: 0.29, max: 0.72, years: 3 });
    expect(r.find((x) => x.band === 'Unlikely')).toEqual({ band: 'Unlikely', min: 0.02, max: 0.04, years: 2 });
  });

  it('shows no range for a backtest of one year (it cannot show the swing)', () => {
    expect(bandRangesOf(backtest([[0.9, 0.7, 0.5, 0.2, 0.05]]))).toEqual([]);
  });
});
