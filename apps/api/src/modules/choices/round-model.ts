import { pointRank, RATIO_PERCENTS, sizeBandOf } from '../../data/chance/definitions.ts';
import { quantiles } from '../../data/chance/model.ts';
import { survival } from '../../lib/chance.ts';

/*
 * The round-k model of in-season advice (docs/decisions/0027), pure.
 *
 * During counselling the current year's round-k closing rank C_k of a seat is known. Its final closing
 * rank is C_k × e^d, d = ln(C_final / C_k) being how closing ranks moved from round k to the seat's last
 * round in past years. Group: round k × size band of C_k (decision 0014's bands); a group with fewer
 * than MIN_MOVES moves falls back to round k alone, then to every round. The chance that rank r reaches
 * the seat by the last round is the share of the group's moves with d ≥ ln(r / C_k) (its 201
 * quantiles, linear between them), kept within 1%–99%.
 *
 * A seat-year counts when it has a closing rank in round k and in a later last round; rows with a
 * preparatory ('P') rank and closing ranks below 1 are left out before the last round is taken.
 */

export const MIN_MOVES = 200;

/** Closing ranks by seat, year and round (non-preparatory only). */
export type RoundHistory = Map<string, Map<number, Map<number, number>>>;

export type RoundModel = { tables: Map<string, number[]>; years: number[]; moves: number };

export function addRound(h: RoundHistory, key: string, year: number, round: number, closingRank: number): void {
  if (!(closingRank >= 1)) return;
  let years = h.get(key);
  if (!years) h.set(key, (years = new Map()));
  let rounds = years.get(year);
  if (!rounds) years.set(year, (rounds = new Map()));
  rounds.set(round, closingRank);
}

/** The seat-years' moves from round k to the last round, for years in `years`. */
export function roundMoves(h: RoundHistory, years: (year: number) => boolean): { round: number; from: number; d: number; year: number; key: string }[] {
  const out: { round: number; from: number; d: number; year: number; key: string }[] = [];
  for (const [key, byYear] of h) {
    for (const [year, rounds] of byYear) {
      if (!years(year)) continue;
      const last = Math.max(...rounds.keys());
      const final = rounds.get(last)!;
      for (const [round, c] of rounds) if (round < last) out.push({ round, from: c, d: Math.log(final / c), year, key });
    }
  }
  return out;
}

export function fitRoundModel(h: RoundHistory, beforeYear: number): RoundModel {
  return roundModelOf(roundMoves(h, (y) => y < beforeYear));
}

/** The model from the moves (each: round k, C_k, d = ln(C_final / C_k), year). */
export function roundModelOf(moves: readonly { round: number; from: number; d: number; year: number }[]): RoundModel {
  const groups = new Map<string, number[]>();
  const push = (k: string, d: number) => {
    const g = groups.get(k);
    if (g) g.push(d);
    else groups.set(k, [d]);
  };
  const years = new Set<number>();
  for (const m of moves) {
    years.add(m.year);
    push('all', m.d);
    push(`${m.round}`, m.d);
    push(`${m.round}|${sizeBandOf(m.from)}`, m.d);
  }
  const tables = new Map<string, number[]>();
  for (const [k, ds] of groups) if (ds.length >= MIN_MOVES || k === 'all') tables.set(k, quantiles(ds, 200));
  return { tables, years: [...years].sort((a, b) => a - b), moves: moves.length };
}

/** The chance that `rank` is within the seat's final closing rank, from its round-k closing rank. */
export function roundChance(model: RoundModel, round: number, closingK: number, rank: number): number {
  const table = model.tables.get(`${round}|${sizeBandOf(closingK)}`) ?? model.tables.get(`${round}`) ?? model.tables.get('all');
  if (!table) return rank <= closingK ? 0.99 : 0.01;
  return Math.min(0.99, Math.max(0.01, survival(table, Math.log(rank / closingK))));
}

/** Whether the model learnt round k itself (not only the fallback over every round). */
export function knowsRound(model: RoundModel, round: number): boolean {
  return model.tables.has(`${round}`);
}

export type RoundBacktestRow = { year: number; trainYears: number[]; round: number; points: number; roundModel: number; roundIsFinal: number };

/**
 * A counselling's own backtest of the round-k model (CSAB, docs/decisions/0027): for each year Y with
 * an earlier year, the model from the years before Y, scored on Y's moves from every round k it learnt,
 * at the ranks pointRank(p, C_k) of decision 0014's percents; outcome r ≤ C_final. Against "round k is final".
 */
export function roundBacktestOf(moves: readonly { round: number; from: number; d: number; year: number }[]): RoundBacktestRow[] {
  const years = [...new Set(moves.map((m) => m.year))].sort((a, b) => a - b);
  const out: RoundBacktestRow[] = [];
  for (const year of years.slice(1)) {
    const model = roundModelOf(moves.filter((m) => m.year < year));
    const cells = new Map<number, { n: number; a: number; c: number }>();
    for (const m of moves) {
      if (m.year !== year || !knowsRound(model, m.round)) continue;
      const final = m.from * Math.exp(m.d);
      const cell = cells.get(m.round) ?? { n: 0, a: 0, c: 0 };
      for (const p of RATIO_PERCENTS) {
        const r = pointRank(p, m.from);
        const o = r <= final + 1e-9 ? 1 : 0;
        cell.n++;
        cell.a += (roundChance(model, m.round, m.from, r) - o) ** 2;
        cell.c += ((r <= m.from ? 1 : 0) - o) ** 2;
      }
      cells.set(m.round, cell);
    }
    for (const [round, c] of [...cells].sort((x, y) => x[0] - y[0]))
      out.push({ year, trainYears: model.years, round, points: c.n, roundModel: c.a / c.n, roundIsFinal: c.c / c.n });
  }
  return out;
}
