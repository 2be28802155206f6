import type { ChanceBand, ChanceFields } from '@rankwise/contract/chance';
import clsx from 'clsx';
import { Link } from 'react-router';

const bandStyle: Record<ChanceBand, string> = {
  Safe: 'bg-emerald-50 text-emerald-900 ring-emerald-700/30',
  Likely: 'bg-sky-50 text-sky-900 ring-sky-700/30',
  'Toss-up': 'bg-amber-50 text-amber-900 ring-amber-700/30',
  Reach: 'bg-rose-50 text-rose-900 ring-rose-700/30',
  Unlikely: 'bg-slate-100 text-slate-900 ring-slate-700/30',
};

/** The band and the percentage, e.g. 'Likely 72%'. */
export function ChanceBadge({ percent, band }: Pick<ChanceFields, 'percent' | 'band'>) {
  return (
    <span
      className={clsx('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset', bandStyle[band])}
      data-band={band}
    >
      <span>{band}</span>
      <span aria-hidden="true">·</span>
      <span className="tabular-nums">{percent}%</span>
      <span className="sr-only"> chance of admission</span>
    </span>
  );
}

const W = 120;
const H = 32;

/** The seat's final closing rank by year as a tiny line (no chart library). */
export function ClosingRankTrend({ trend }: { trend: ChanceFields['trend'] }) {
  if (trend.length < 2) return null;
  const ranks = trend.map((p) => p.closingRank);
  const lo = Math.min(...ranks);
  const hi = Math.max(...ranks);
  const x = (i: number) => 4 + (i * (W - 8)) / (trend.length - 1);
  const y = (r: number) => (hi === lo ? H / 2 : H - 4 - ((r - lo) * (H - 8)) / (hi - lo));
  const label = `Final closing rank by year: ${trend.map((p) => `${p.year} ${p.closingRank.toLocaleString('en-IN')}`).join('; ')}`;
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="shrink-0" data-testid="closing-rank-trend">
      <title>{label}</title>
      <polyline points={trend.map((p, i) => `${x(i)},${y(p.closingRank)}`).join(' ')} fill="none" stroke="#0369a1" strokeWidth={1.5} />
      {trend.map((p, i) => (
        <circle key={p.year} cx={x(i)} cy={y(p.closingRank)} r={i === trend.length - 1 ? 2.5 : 1.5} fill="#0369a1" />
      ))}
    </svg>
  );
}

/**
 * What every result card shows about the chance: band and percentage, the why-line, the earliest
 * round of the reference year this rank would have cleared, and the closing-rank trend.
 */
export function ChanceSummary({ fields, referenceYear }: { fields: ChanceFields; referenceYear: number }) {
  return (
    <div className="mt-4 rounded-xl bg-slate-50 p-3" data-testid="chance-summary">
      <div className="flex items-center justify-between gap-3">
        <ChanceBadge percent={fields.percent} band={fields.band} />
        <ClosingRankTrend trend={fields.trend} />
      </div>
      {fields.reach ? <p className="mt-2 text-sm font-medium text-rose-900">Reach seat: it closed at a rank better than yours.</p> : null}
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
  );
}
