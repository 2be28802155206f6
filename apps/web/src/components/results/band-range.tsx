import type { ChanceBand } from '@rankwise/contract/chance';
import { useQuery } from '@tanstack/react-query';
import { bandRangesQuery, type BandRange as Range } from '@/lib/band-ranges.ts';

const pct = (v: number) => `${Math.round(v * 100)}%`;
const text = (r: Range) => `${r.band}: won ${pct(r.min)}–${pct(r.max)} of the time, depending on the year`;

/**
 * The band ranges of a stream's backtest (the /methodology answer). A results page holds its cards
 * until this has settled (`ResultsGrid`'s `pending`), so each card's range line is there from the
 * first frame of cards rather than pushing the cards below down when it arrives (issue 25: CLS).
 */
export function useBandRanges(stream: 'josaa' | 'neetPg') {
  return useQuery(bandRangesQuery(stream));
}

/**
 * How much a year moves a band (issue 21): the range of the share of its seats won across the
 * backtest years, e.g. 'Toss-up: won 29–72% of the time, depending on the year'. Nothing while
 * loading, or when the stream's backtest has one year only.
 */
export function BandRange({ stream, band }: { stream: 'josaa' | 'neetPg'; band: ChanceBand }) {
  const { data } = useBandRanges(stream);
  const r = data?.find((x) => x.band === band);
  if (!r) return null;
  return (
    <p className="mt-1 text-xs text-slate-600" data-testid="band-range">
      {text(r)}
    </p>
  );
}

/**
 * Every band's range above the results, with where it comes from: one line that opens (a phone
 * gets to its cards without reading a paragraph first). The line is there from the first frame,
 * its figures fill in when they arrive inside the closed part, so nothing below moves (issue 25).
 * Gone only when the stream's backtest has no ranges (a single year, or not computed yet).
 */
export function BandRangeLegend({ stream }: { stream: 'josaa' | 'neetPg' }) {
  const { data, isPending } = useBandRanges(stream);
  if (!isPending && !data?.length) return null;
  return (
    <details className="mt-2 text-xs text-slate-600" data-testid="band-range-legend">
      <summary className="w-fit cursor-pointer font-medium text-brand-700 underline underline-offset-2">
        How often each band’s seats were won in past years
      </summary>
      {data?.length ? (
        <p className="mt-1">
          In past years ({data[0].years} backtest years), a band’s seats were won this often: {data.map(text).join('; ')}. A year moves all closing ranks
          together, so your seats of one band tend to succeed or fail together.
        </p>
      ) : null}
    </details>
  );
}
