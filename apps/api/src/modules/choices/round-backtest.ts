import { newSink, scoreYear, type YearRow } from '../../data/chance/backtest.ts';
import { JOSAA_BACKTEST_YEARS, pointRank, RATIO_PERCENTS } from '../../data/chance/definitions.ts';
import { calibrationOf, fitModel, seatParams } from '../../data/chance/model.ts';
import type { RoundRow, SeatHistory } from '../../data/chance/seat-history.ts';
import { adviseFor } from './advice.ts';
import { fnv1a, mulberry32 } from './normal.ts';
import { commonShockOf } from './outcome-model.ts';
import { addRound, fitRoundModel, roundChance, type RoundHistory } from './round-model.ts';
import { chanceAt, type ChanceCurve, zOf } from '../../lib/chance.ts';

/*
 * The backtest of the round-k model and of the advice (docs/decisions/0027), from the raw files.
 *
 * Round model: for each year Y from 2019 to the last and each round k before Y's last, the model
 * fitted on the years before Y; points: every seat with a closing rank in round k and a later last
 * round of Y and a final closing rank in Y − 1, at the ranks r = pointRank(p, C_k) of decision 0014's
 * percents; outcome r ≤ C_final(Y). Compared on the same points with last year's model (the chance
 * model fitted for Y, decision 0014, judged on C_{Y−1}) and with "round k is final" (1 when r ≤ C_k).
 *
 * Advice: STUDENTS a year with a JEE Main rank log-uniform in 1,000–100,000 and a list of 30 NIT,
 * IIIT and GFTI OPEN, Gender-Neutral, AI/OS seats with C_1 (Y's round-1 closing rank) within
 * 0.5 r – 3 r, ordered by C_1; a student allotted in round 1 (first choice with r ≤ C_1) gets the
 * advice from round 1 (adviseFor); their final seat under the advice and under always floating is
 * read from Y's rounds (float: the first choice open in any round up to the last; slide: the same
 * within the institute; freeze: the round-1 seat).
 */

export const ROUND_BACKTEST = { FIRST_YEAR: 2019, STUDENTS: 1500, LIST_SIZE: 30, SIMULATED_YEARS: 1024 } as const;

export type RoundYearRow = {
  year: number;
  round: number;
  points: number;
  brier: { roundModel: number; lastYear: number; roundIsFinal: number };
};
export type AdviceYearRow = {
  year: number;
  students: number;
  advice: { float: number; slide: number; freeze: number };
  /** Final seat at least as good as always floating's. */
  keptOrImprovedAsFloat: number;
  /** Final seat better than the round-1 seat. */
  improved: { advice: number; float: number };
};

export type RoundBacktest = {
  rounds: RoundYearRow[];
  round1: { points: number; roundModel: number; lastYear: number; roundIsFinal: number };
  advice: AdviceYearRow[];
};

const isIit = (key: string) => /^indian institute of technology\b/i.test(key);

export function runRoundBacktest(rows: RoundRow[], histories: SeatHistory[], lastYear: number = JOSAA_BACKTEST_YEARS.last): RoundBacktest {
  const h: RoundHistory = new Map();
  for (const r of rows) if (/^\d+$/.test(r.opening.trim()) && /^\d+$/.test(r.closing.trim())) addRound(h, r.key, r.year, r.round, Number(r.closing));
  const byKey = new Map(histories.map((x) => [x.key, x]));
  const sink = newSink();
  const yearRows: YearRow[] = [];
  const out: RoundYearRow[] = [];
  const advice: AdviceYearRow[] = [];
  for (let year = JOSAA_BACKTEST_YEARS.first; year <= lastYear; year++) {
    const model = fitModel(histories, year);
    const calibration = calibrationOf(sink.raw);
    const curve: ChanceCurve = { table: model.table, calibration };
    if (year >= ROUND_BACKTEST.FIRST_YEAR) {
      const rm = fitRoundModel(h, year);
      const cells = new Map<number, { n: number; a: number; b: number; c: number }>();
      for (const [key, years] of h) {
        const rounds = years.get(year);
        const seat = byKey.get(key);
        const params = seat && seatParams(model, seat);
        if (!rounds || !params) continue;
        const last = Math.max(...rounds.keys());
        const final = rounds.get(last)!;
        for (const [k, ck] of rounds) {
          if (k >= last) continue;
          const cell = cells.get(k) ?? { n: 0, a: 0, b: 0, c: 0 };
          for (const p of RATIO_PERCENTS) {
            const r = pointRank(p, ck);
            const o = r <= final ? 1 : 0;
            cell.n++;
            cell.a += (roundChance(rm, k, ck, r) - o) ** 2;
            cell.b += (chanceAt(curve, zOf(params.closingRank, params.scale, r)) - o) ** 2;
            cell.c += ((r <= ck ? 1 : 0) - o) ** 2;
          }
          cells.set(k, cell);
        }
      }
      for (const [round, c] of [...cells].sort((x, y) => x[0] - y[0]))
        out.push({ year, round, points: c.n, brier: { roundModel: c.a / c.n, lastYear: c.b / c.n, roundIsFinal: c.c / c.n } });
      advice.push(adviceYear(year, h, rm, commonShockOf(yearRows).rho));
    }
    yearRows.push(scoreYear(histories, model, calibration, sink));
  }
  const r1 = out.filter((r) => r.round === 1);
  const n = r1.reduce((a, r) => a + r.points, 0);
  const w = (f: (r: RoundYearRow) => number) => r1.reduce((a, r) => a + f(r) * r.points, 0) / n;
  return {
    rounds: out,
    round1: { points: n, roundModel: w((r) => r.brier.roundModel), lastYear: w((r) => r.brier.lastYear), roundIsFinal: w((r) => r.brier.roundIsFinal) },
    advice,
  };
}

function adviceYear(year: number, h: RoundHistory, rm: ReturnType<typeof fitRoundModel>, rho: number): AdviceYearRow {
  // Seats of the year with round 1 and a later round, as the student's candidates.
  const seats: { key: string; institute: string; rounds: Map<number, number>; c1: number }[] = [];
  for (const [key, years] of h) {
    const rounds = years.get(year);
    if (!rounds?.has(1) || rounds.size < 2 || isIit(key)) continue;
    const [institute, , quota, seatType, gender] = key.split('\u0001');
    if (seatType !== 'OPEN' || gender !== 'Gender-Neutral' || (quota !== 'AI' && quota !== 'OS')) continue;
    seats.push({ key, institute, rounds, c1: rounds.get(1)! });
  }
  seats.sort((a, b) => a.c1 - b.c1 || (a.key < b.key ? -1 : 1));
  const next = mulberry32(fnv1a(`round-backtest:${year}`));
  const row: AdviceYearRow = { year, students: 0, advice: { float: 0, slide: 0, freeze: 0 }, keptOrImprovedAsFloat: 0, improved: { advice: 0, float: 0 } };
  const lo = Math.log(1000);
  const hi = Math.log(100_000);
  for (let s = 0; s < ROUND_BACKTEST.STUDENTS; s++) {
    const r = Math.round(Math.exp(lo + next() * (hi - lo)));
    const pool = seats.filter((x) => x.c1 >= 0.5 * r && x.c1 <= 3 * r);
    if (pool.length < ROUND_BACKTEST.LIST_SIZE) continue;
    const picked = new Set<number>();
    while (picked.size < ROUND_BACKTEST.LIST_SIZE) picked.add(Math.floor(next() * pool.length));
    const list = [...picked].sort((a, b) => a - b).map((i) => pool[i]);
    const held = list.findIndex((x) => r <= x.c1);
    if (held <= 0) continue; // not allotted in round 1, or at choice 1 (freeze only)
    const a = adviseFor({
      held,
      institutes: list.map((x) => x.institute),
      chances: list.map((x, i) => (i < held ? roundChance(rm, 1, x.c1, r) : null)),
      rho,
      seed: fnv1a(`round-backtest-shocks:${year}`),
      years: ROUND_BACKTEST.SIMULATED_YEARS,
    });
    const openBy = (x: (typeof list)[number]) => [...x.rounds.values()].some((c) => r <= c);
    const floatFinal = list.findIndex((x, i) => i < held && openBy(x));
    const float = floatFinal < 0 ? held : floatFinal;
    const slideFinal = list.findIndex((x, i) => i < held && x.institute === list[held].institute && openBy(x));
    const result = a.recommendation === 'float' ? float : a.recommendation === 'slide' ? (slideFinal < 0 ? held : slideFinal) : held;
    row.students++;
    row.advice[a.recommendation]++;
    if (result <= float) row.keptOrImprovedAsFloat++;
    if (result < held) row.improved.advice++;
    if (float < held) row.improved.float++;
  }
  return row;
}
