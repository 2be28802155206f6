import type { ChanceBand, ChanceFields } from '@rankwise/contract/chance';
import clsx from 'clsx';
import { useState, type MouseEvent, type PointerEvent } from 'react';
import { Link } from 'react-router';

const bandStyle: Record<ChanceBand, string> = {
  Safe: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  Likely: 'bg-sky-50 text-sky-900 ring-sky-700/30',
  'Toss-up': 'bg-amber-50 text-amber-900 ring-amber-700/30',
  Reach: 'bg-rose-50 text-rose-900 ring-rose-700/30',
  Unlikely: 'bg-slate-100 text-slate-900 ring-slate-700/30',
};

/** The band and the percentage, e.g. 'Likely 72%'. */
export function ChanceBadge({ percent, band, wrap = false }: Pick<ChanceFields, 'percent' | 'band'> & { wrap?: boolean }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-x-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset',
        // One line on a card; a narrow cell (compare on a phone) may wrap it.
        wrap ? 'flex-wrap' : 'shrink-0 whitespace-nowrap',
        bandStyle[band],
      )}
      data-band={band}
    >
      <span>{band}</span>
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">{percent}%</span>
      <span className="sr-only"> chance of admission</span>
    </span>
  );
}

const W = 84;
const H = 30;
const rankText = (r: number) => r.toLocaleString('en-IN');

/**
 * The seat's final closing rank by year as a tiny line (no chart library), its first and last
 * years labelled at the ends. A tap (or Enter on the overlaid button) reads a year aloud in a
 * tooltip: the nearest point to the tap, or the next year from the keyboard.
 */
export function ClosingRankTrend({ trend }: { trend: ChanceFields['trend'] }) {
  const [active, setActive] = useState<number | null>(null);
  if (trend.length < 2) return null;
  const ranks = trend.map((p) => p.closingRank);
  const lo = Math.min(...ranks);
  const hi = Math.max(...ranks);
  const x = (i: number) => 4 + (i * (W - 8)) / (trend.length - 1);
  const y = (r: number) => (hi === lo ? H / 2 : H - 4 - ((r - lo) * (H - 8)) / (hi - lo));
  const label = `Final closing rank by year: ${trend.map((p) => `${p.year} ${rankText(p.closingRank)}`).join('; ')}`;
  const first = trend[0];
  const last = trend[trend.length - 1];
  const nearest = (e: { clientX: number; currentTarget: HTMLElement }) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    let best = 0;
    for (let i = 1; i < trend.length; i++) if (Math.abs(x(i) - at) < Math.abs(x(best) - at)) best = i;
    return best;
  };
  // A tap or a click reads the nearest year; Enter or Space (no pointer) steps through the years.
  const pick = (e: MouseEvent<HTMLButtonElement>) => setActive((a) => (e.detail === 0 ? (a === null ? trend.length - 1 : (a + 1) % trend.length) : nearest(e)));
  // A mouse reads as it hovers (touch has no hover: its tap is the click above).
  const hover = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse') setActive(nearest(e));
  };
  const leave = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.pointerType === 'mouse') setActive(null);
  };
  const shown = active === null ? null : trend[active];
  return (
    <div className="relative flex shrink-0 items-center gap-1.5 text-[11px] leading-tight text-slate-700" data-testid="trend">
      <span className="text-right tabular-nums">
        {first.year}
        <br />
        {rankText(first.closingRank)}
      </span>
      <span className="relative">
        <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="block" data-testid="closing-rank-trend">
          <title>{label}</title>
          <polyline points={trend.map((p, i) => `${x(i)},${y(p.closingRank)}`).join(' ')} fill="none" stroke="#0369a1" strokeWidth={1.5} />
          {trend.map((p, i) => (
            <circle key={p.year} cx={x(i)} cy={y(p.closingRank)} r={i === active ? 3.5 : i === trend.length - 1 ? 2.5 : 1.5} fill="#0369a1" />
          ))}
        </svg>
        <button
          type="button"
          className="absolute -inset-2 rounded focus-visible:outline-2 focus-visible:outline-brand-700"
          aria-label="Read the closing rank of one year"
          onClick={pick}
          onPointerMove={hover}
          onPointerLeave={leave}
          onBlur={() => setActive(null)}
        />
        {shown ? (
          <span
            role="status"
            className="pointer-events-none absolute bottom-full left-1/2 z-10 mb-1 -translate-x-1/2 whitespace-nowrap rounded bg-slate-900 px-2 py-1 text-xs text-white shadow"
            data-testid="trend-tooltip"
          >
            {shown.year}: closed at {rankText(shown.closingRank)}
          </span>
        ) : null}
      </span>
      <span className="tabular-nums">
        {last.year}
        <br />
        {rankText(last.closingRank)}
      </span>
    </div>
  );
}

/**
 * What every result card shows about the chance: band and percentage with the closing-rank trend
 * (and the Reach line), and, when the card is opened (`expanded`), the why-line, the earliest
 * round of the reference year this rank would have cleared and the link to the method. The closed
 * card keeps those in the page, hidden, so the card's text is whole for search and tests.
 */
export function ChanceSummary({ fields, referenceYear, expanded = true }: { fields: ChanceFields; referenceYear: number; expanded?: boolean }) {
  return (
    <div className="mt-2 rounded-xl bg-slate-50 px-3 py-1" data-testid="chance-summary">
      <div className="flex items-center justify-between gap-2">
        <ChanceBadge percent={fields.percent} band={fields.band} />
        <ClosingRankTrend trend={fields.trend} />
      </div>
      {fields.reach ? <p className="mt-1 text-sm font-medium text-rose-900">Reach seat: it closed at a rank better than yours.</p> : null}
      <div hidden={!expanded}>
        <p className="mt-2 text-sm text-slate-800" data-testid="chance-why">
          {fields.why.charAt(0).toUpperCase() + fields.why.slice(1)}
        </p>
        <p className="mt-1 text-xs text-slate-700">
          {fields.clearedInRound
            ? `Your rank would have cleared in ${fields.clearedInRound} of ${referenceYear}.`
            : `Your rank did not clear in any round of ${referenceYear}.`}
          {fields.fewAllotments ? ' Few allotments: a less sure chance.' : fields.wideBand ? ' New seat: a less sure chance.' : ''}{' '}
          <Link to="/methodology" className="underline">
            How is this worked out?
          </Link>
        </p>
      </div>
    </div>
  );
}
