import { newSink, scoreYear, type YearRow } from '../../data/chance/backtest.ts';
import { JOSAA_BACKTEST_YEARS } from '../../data/chance/definitions.ts';
import { calibrationOf, fitModel, seatParams } from '../../data/chance/model.ts';
import type { SeatHistory } from '../../data/chance/seat-history.ts';
import { fnv1a, mulberry32 } from './normal.ts';
import { commonShockOf, simulateOutcomes } from './outcome-model.ts';
import { chanceAt, type ChanceCurve, zOf } from '../../lib/chance.ts';

/*
 * The backtest of the outcome model (docs/decisions/0027). For each predicted year Y from 2021 on
 * (ρ needs two scored years before Y, and the first backtest year is left out of it), with only the
 * years before Y: the chance model fitted for Y (the backtest's own fit and calibration table) and
 * ρ measured from the backtest rows of the years before Y.
 *
 * Lists: STUDENTS students a year, each with a JEE Main rank r drawn log-uniformly in 1,000-100,000
 * (seeded by the year); the candidate seats are the NIT, IIIT and GFTI seats (not IIT: their ranks are
 * JEE Advanced ranks) of seat type OPEN, Gender-Neutral pool, quota AI or OS, with a final closing
 * rank in both Y − 1 (C) and Y (C′) and C within 0.5 r – 3 r; the student's list is LIST_SIZE of
 * them drawn at random, ordered by C ascending (the more sought-after first). The outcome is the
 * first choice with r ≤ C′ (or no seat). Scored: the multi-class Brier score Σ_k (p_k − o_k)²
 * over the choices and 'no seat', the predicted and observed share of 'no seat', and the same for
 * the model with independent seats (ρ = 0) and for last year's closing ranks taken as certain
 * (the first choice with r ≤ C). The simulation uses 1,024 simulated years here (4,096 in the product).
 */

export const OUTCOME_BACKTEST = { STUDENTS: 1500, LIST_SIZE: 30, FIRST_YEAR: 2021, MIN_RANK: 1000, MAX_RANK: 100_000, SIMULATED_YEARS: 1024 } as const;

export type OutcomeYearRow = {
  year: number;
  rho: number;
  students: number;
  brier: { model: number; independent: number; lastYear: number };
  none: { predicted: number; independent: number; observed: number };
  /** Mean predicted chance of the choice the student actually ended with (no seat included). */
  logScore: { model: number; independent: number };
};

export type OutcomeBacktest = {
  years: OutcomeYearRow[];
  total: Omit<OutcomeYearRow, 'year' | 'rho'>;
  /** Predicted chance of no seat in ten bins, and how often it happened. */
  noneBins: { from: number; to: number; n: number; predicted: number; observed: number }[];
};

const isIit = (key: string) => /^indian institute of technology\b/i.test(key);

export function runOutcomeBacktest(histories: SeatHistory[], lastYear: number = JOSAA_BACKTEST_YEARS.last): OutcomeBacktest {
  const sink = newSink();
  const rows: YearRow[] = [];
  const out: OutcomeYearRow[] = [];
  const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, o: 0 }));
  const candidates = histories.filter((h) => h.category === 'OPEN' && h.pool === 'Gender-Neutral' && (h.quota === 'AI' || h.quota === 'OS') && !isIit(h.key));
  for (let year = JOSAA_BACKTEST_YEARS.first; year <= lastYear; year++) {
    const model = fitModel(histories, year);
    const calibration = calibrationOf(sink.raw);
    if (year >= OUTCOME_BACKTEST.FIRST_YEAR) {
      const rho = commonShockOf(rows).rho;
      const curve: ChanceCurve = { table: model.table, calibration };
      const seats = candidates
        .map((h) => {
          const p = seatParams(model, h);
          const outcome = h.finals.get(year);
          return p && outcome ? { C: p.closingRank, scale: p.scale, C2: outcome.closingRank } : null;
        })
        .filter((s): s is NonNullable<typeof s> => s !== null)
        .sort((a, b) => a.C - b.C);
      out.push(scoreStudents(year, rho, curve, seats, bins));
    }
    rows.push(scoreYear(histories, model, calibration, sink));
  }
  const n = out.reduce((a, r) => a + r.students, 0);
  const mean = (f: (r: OutcomeYearRow) => number) => out.reduce((a, r) => a + f(r) * r.students, 0) / n;
  return {
    years: out,
    total: {
      students: n,
      brier: { model: mean((r) => r.brier.model), independent: mean((r) => r.brier.independent), lastYear: mean((r) => r.brier.lastYear) },
      none: { predicted: mean((r) => r.none.predicted), independent: mean((r) => r.none.independent), observed: mean((r) => r.none.observed) },
      logScore: { model: mean((r) => r.logScore.model), independent: mean((r) => r.logScore.independent) },
    },
    noneBins: bins.map((b, i) => ({ from: i / 10, to: (i + 1) / 10, n: b.n, predicted: b.n ? b.p / b.n : 0, observed: b.n ? b.o / b.n : 0 })),
  };
}

function scoreStudents(
  year: number,
  rho: number,
  curve: ChanceCurve,
  seats: { C: number; scale: number; C2: number }[],
  bins: { n: number; p: number; o: number }[],
): OutcomeYearRow {
  const next = mulberry32(fnv1a(`outcome-backtest:${year}`));
  const acc = { students: 0, bm: 0, bi: 0, bl: 0, pn: 0, pi: 0, on: 0, lm: 0, li: 0 };
  const seed = fnv1a(`outcome-backtest-shocks:${year}`);
  const lo = Math.log(OUTCOME_BACKTEST.MIN_RANK);
  const hi = Math.log(OUTCOME_BACKTEST.MAX_RANK);
  for (let s = 0; s < OUTCOME_BACKTEST.STUDENTS; s++) {
    const r = Math.round(Math.exp(lo + next() * (hi - lo)));
    // Seats ordered by C: the window 0.5 r ≤ C ≤ 3 r.
    const pool = seats.filter((x) => x.C >= 0.5 * r && x.C <= 3 * r);
    if (pool.length < OUTCOME_BACKTEST.LIST_SIZE) continue;
    const picked = new Set<number>();
    while (picked.size < OUTCOME_BACKTEST.LIST_SIZE) picked.add(Math.floor(next() * pool.length));
    const list = [...picked].sort((a, b) => a - b).map((i) => pool[i]);
    const chances = list.map((x) => chanceAt(curve, zOf(x.C, x.scale, r)));
    const model = simulateOutcomes(chances, { rho, seed, years: OUTCOME_BACKTEST.SIMULATED_YEARS });
    const independent = simulateOutcomes(chances, { rho: 0, seed, years: OUTCOME_BACKTEST.SIMULATED_YEARS });
    const got = list.findIndex((x) => r <= x.C2);
    const last = list.findIndex((x) => r <= x.C);
    const k = got < 0 ? list.length : got;
    const brier = (p: number[]) => p.reduce((a, x, i) => a + (x - (i === k ? 1 : 0)) ** 2, 0);
    const pm = [...model.final, model.none];
    const pi = [...independent.final, independent.none];
    const pl = pm.map((_, i) => (i === (last < 0 ? list.length : last) ? 1 : 0));
    acc.students++;
    acc.bm += brier(pm);
    acc.bi += brier(pi);
    acc.bl += brier(pl);
    acc.pn += model.none;
    acc.pi += independent.none;
    acc.on += got < 0 ? 1 : 0;
    acc.lm += Math.log(Math.max(1e-6, pm[k]));
    acc.li += Math.log(Math.max(1e-6, pi[k]));
    const b = bins[Math.min(9, Math.floor(model.none * 10))];
    b.n++;
    b.p += model.none;
    b.o += got < 0 ? 1 : 0;
  }
  const n = acc.students || 1;
  return {
    year,
    rho,
    students: acc.students,
    brier: { model: acc.bm / n, independent: acc.bi / n, lastYear: acc.bl / n },
    none: { predicted: acc.pn / n, independent: acc.pi / n, observed: acc.on / n },
    logScore: { model: acc.lm / n, independent: acc.li / n },
  };
}
