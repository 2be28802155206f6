import { chanceEndpoints, type Backtest, type ChanceBand } from '@rankwise/contract/chance';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** The lowest and highest share of a band's seats won in one backtest year (docs/decisions/0014). */
export type BandRange = { band: ChanceBand; min: number; max: number; years: number };

/** Each band's range over the backtest years that scored it; none when the backtest has a single year. */
export function bandRangesOf(backtest: Backtest): BandRange[] {
  if (backtest.years.length < 2) return [];
  return backtest.total.bands.map(({ band }) => {
    const shares = backtest.years
      .map((y) => y.bands.find((b) => b.band === band))
      .filter((b) => b && b.n > 0)
      .map((b) => b!.observed);
    return { band, min: Math.min(...shares), max: Math.max(...shares), years: shares.length };
  });
}

/** The stored backtests (the /methodology answer, shared cache key), read as band ranges per stream. */
export function bandRangesQuery(stream: 'josaa' | 'neetPg') {
  return queryOptions({
    queryKey: ['methodology'],
    queryFn: ({ signal }) => api(chanceEndpoints.methodology, { signal }),
    staleTime: 60 * 60 * 1000,
    select: (r) => {
      const s = r.data[stream];
      if (!s) return [];
      // NEET PG: the two-fold backtest's year (2024) and the forward backtest's (2025) (docs/decisions/0014).
      const forward = 'forward' in s ? s.forward : null;
      return bandRangesOf(forward ? { ...s.backtest, years: [...s.backtest.years, ...forward.years] } : s.backtest);
    },
  });
}
