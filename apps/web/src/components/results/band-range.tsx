import type { ChanceBand } from '@rankwise/contract/chance';
import { useQuery } from '@tanstack/react-query';
import { bandRangesQuery, type BandRange as Range } from '@/lib/band-ranges.ts';

const pct = (v: number) => `${Math.round(v * 100)}%`;
const text = (r: Range) => `${r.band}: won ${pct(r.min)}–${pct(r.max)} of the time, depending on the year`;

/**
 * How much a year moves a band (issue 21): the range of the share of its seats won across the
 * backtest years, e.g. 'Toss-up: won 29–72% of the time, depending on the year'. Nothing while
 * loading, or when the stream's backtest has one year only.
 */
export function BandRange({ stream, band }: { stream: 'josaa' | 'neetPg'; band: ChanceBand }) {
  const { data } = useQuery(bandRangesQuery(stream));
  const r = data?.find((x) => x.band === band);
  if (!r) return null;
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="band-range">
      {text(r)}
    </p>
  );
}

/** Every band's range in one line above the results, with where it comes from. */
export function BandRangeLegend({ stream }: { stream: 'josaa' | 'neetPg' }) {
  const { data } = useQuery(bandRangesQuery(stream));
  if (!data?.length) return null;
  return (
    <p className="mt-2 text-xs text-slate-600" data-testid="band-range-legend">
      In past years ({data[0].years} backtest years), a band’s seats were won this often: {data.map(text).join('; ')}. A year moves all closing ranks together,
      so your seats of one band tend to succeed or fail together.
    </p>
  );
}
