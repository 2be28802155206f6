import type { Backtest, ChanceBand } from '@rankwise/contract/chance';

const SIZE = 320;
const PAD = 40;
const inner = SIZE - 2 * PAD;
const x = (v: number) => PAD + v * inner;
const y = (v: number) => SIZE - PAD - v * inner;

export const bandColour: Record<ChanceBand, string> = {
  Safe: '#047857',
  Likely: '#0369a1',
  'Toss-up': '#b45309',
  Reach: '#be123c',
  Unlikely: '#475569',
};

/**
 * Predicted against observed: one dot per band and year (its size grows with the points behind it),
 * the all-years band averages as rings, and the diagonal a perfectly calibrated model would sit on.
 */
export function CalibrationPlot({ backtest, title }: { backtest: Backtest; title: string }) {
  const maxN = Math.max(1, ...backtest.years.flatMap((yr) => yr.bands.map((b) => b.n)));
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <figure className="rounded-2xl border border-slate-200 bg-white p-4">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} className="h-auto w-full max-w-sm" role="img" aria-labelledby={`${backtest.stream}-plot-title`}>
        <title id={`${backtest.stream}-plot-title`}>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={x(t)} x2={x(t)} y1={y(0)} y2={y(1)} stroke="#e2e8f0" />
            <line x1={x(0)} x2={x(1)} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={x(t)} y={y(0) + 16} textAnchor="middle" fontSize="10" fill="#334155">
              {Math.round(t * 100)}%
            </text>
            <text x={x(0) - 6} y={y(t) + 3} textAnchor="end" fontSize="10" fill="#334155">
              {Math.round(t * 100)}%
            </text>
          </g>
        ))}
        <line x1={x(0)} y1={y(0)} x2={x(1)} y2={y(1)} stroke="#94a3b8" strokeDasharray="4 4" />
        {backtest.years.flatMap((yr) =>
          yr.bands
            .filter((b) => b.n > 0)
            .map((b) => (
              <circle
                key={`${yr.year}-${b.band}`}
                cx={x(b.predicted)}
                cy={y(b.observed)}
                r={2 + 4 * Math.sqrt(b.n / maxN)}
                fill={bandColour[b.band]}
                fillOpacity={0.55}
              >
                <title>{`${yr.year} ${b.band}: predicted ${(b.predicted * 100).toFixed(1)}%, observed ${(b.observed * 100).toFixed(1)}% (${b.n.toLocaleString('en-IN')} points)`}</title>
              </circle>
            )),
        )}
        {backtest.total.bands
          .filter((b) => b.n > 0)
          .map((b) => (
            <circle key={b.band} cx={x(b.predicted)} cy={y(b.observed)} r={9} fill="none" stroke={bandColour[b.band]} strokeWidth={2.5}>
              <title>{`All years, ${b.band}: predicted ${(b.predicted * 100).toFixed(1)}%, observed ${(b.observed * 100).toFixed(1)}%`}</title>
            </circle>
          ))}
        <text x={SIZE / 2} y={SIZE - 6} textAnchor="middle" fontSize="11" fill="#0f172a">
          Predicted chance
        </text>
        <text x={12} y={SIZE / 2} textAnchor="middle" fontSize="11" fill="#0f172a" transform={`rotate(-90 12 ${SIZE / 2})`}>
          Observed share admitted
        </text>
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {backtest.total.bands.map((b) => (
          <span key={b.band} className="inline-flex items-center gap-1">
            <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-full" style={{ background: bandColour[b.band] }} />
            {b.band}
          </span>
        ))}
        <span>Dots: one band in one year · rings: all years · dashed line: predicted = observed</span>
      </figcaption>
    </figure>
  );
}
