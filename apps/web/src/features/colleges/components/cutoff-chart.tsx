import type { RankRow } from '@rankwise/contract/colleges';
import { useId } from 'react';

const W_MIN = 640;
const STEP = 16;
const H = 300;
const PAD = { left: 64, right: 16, top: 16, bottom: 44 };

/** Round numbers for the rank axis: about five ticks from 0 to at least `max`. */
export function rankTicks(max: number): number[] {
  const raw = Math.max(1, max) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, Math.round([1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw)!));
  const ticks = [0];
  while (ticks.at(-1)! < max) ticks.push(ticks.at(-1)! + step);
  return ticks;
}

/**
 * Opening and closing rank of every JoSAA (or CSAB) round, in order, as published (never smoothed): one
 * point per round, the years marked below. Preparatory-course ranks ('P') are on another list and
 * are left out of the drawing; the table beside it has every number.
 */
export function CutoffChart({ rows, title, counselling = 'JoSAA' }: { rows: RankRow[]; title: string; counselling?: RankRow['counselling'] }) {
  const id = useId();
  // One counselling per chart: CSAB ranks every seat type on the common rank list, JoSAA a reserved seat on category ranks.
  const points = rows.filter((r) => r.counselling === counselling);
  const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : null);
  const values = points.flatMap((r) => [num(r.openingRank), num(r.closingRank)]).filter((v): v is number => v !== null);
  if (!values.length) return null;
  const ticks = rankTicks(Math.max(...values));
  const yMax = ticks.at(-1)!;
  const width = Math.max(W_MIN, PAD.left + PAD.right + points.length * STEP);
  const plotW = width - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i * plotW) / (points.length - 1));
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;

  const line = (pick: (r: RankRow) => string) => {
    const segs: string[] = [];
    let open = false;
    points.forEach((r, i) => {
      const v = num(pick(r));
      if (v === null) {
        open = false;
        return;
      }
      segs.push(`${open ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`);
      open = true;
    });
    return segs.join(' ');
  };

  const years: { year: number; from: number; to: number }[] = [];
  points.forEach((r, i) => {
    const last = years.at(-1);
    if (last && last.year === r.year) last.to = i;
    else years.push({ year: r.year, from: i, to: i });
  });

  return (
    // Wider than a phone: it scrolls sideways, and so must take focus to be scrolled by keyboard (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <figure className="overflow-x-auto" tabIndex={0} aria-labelledby={`${id}-cap`}>
      <svg viewBox={`0 0 ${width} ${H}`} width={width} height={H} role="img" aria-labelledby={`${id}-title`} className="max-w-none">
        <title id={`${id}-title`}>{title}</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#475569">
              {t.toLocaleString('en-IN')}
            </text>
          </g>
        ))}
        {years.map((g, i) => (
          <g key={g.year}>
            {i > 0 ? (
              <line x1={(x(g.from) + x(g.from - 1)) / 2} x2={(x(g.from) + x(g.from - 1)) / 2} y1={PAD.top} y2={H - PAD.bottom} stroke="#cbd5e1" />
            ) : null}
            <text x={(x(g.from) + x(g.to)) / 2} y={H - PAD.bottom + 18} textAnchor="middle" fontSize="12" fill="#334155">
              {g.year}
            </text>
          </g>
        ))}
        <path d={line((r) => r.openingRank)} fill="none" stroke="#0f766e" strokeWidth="2" strokeDasharray="5 4" />
        <path d={line((r) => r.closingRank)} fill="none" stroke="#4338ca" strokeWidth="2.5" />
        {points.map((r, i) => {
          const c = num(r.closingRank);
          return c === null ? null : <circle key={`${r.year}-${r.round}`} cx={x(i)} cy={y(c)} r="3" fill="#4338ca" />;
        })}
        <text x={PAD.left} y={H - 6} fontSize="11" fill="#475569">
          Each point is one {counselling} round, rounds in order within each year; rank axis from 0.
        </text>
      </svg>
      <figcaption id={`${id}-cap`} className="mt-2 flex flex-wrap gap-4 text-sm text-slate-700">
        <span className="inline-flex items-center gap-2">
          <svg width="28" height="6" aria-hidden="true">
            <line x1="0" x2="28" y1="3" y2="3" stroke="#4338ca" strokeWidth="2.5" />
          </svg>
          Closing rank
        </span>
        <span className="inline-flex items-center gap-2">
          <svg width="28" height="6" aria-hidden="true">
            <line x1="0" x2="28" y1="3" y2="3" stroke="#0f766e" strokeWidth="2" strokeDasharray="5 4" />
          </svg>
          Opening rank
        </span>
      </figcaption>
    </figure>
  );
}
