import { commonShocks } from './outcome-model.ts';
import { mulberry32, normalQuantile } from './normal.ts';

/*
 * Rehearsing the rounds (docs/decisions/0027), pure.
 *
 * Strategies, once a seat is allotted (JoSAA Business Rules): 'float' keeps the seat and takes any
 * higher choice that opens in a later round (a held seat never gets worse); 'slide' keeps it and takes
 * only higher choices of the same institute; 'freeze' keeps it and leaves the later rounds. A seat
 * allotted at choice #1 is frozen under every strategy.
 *
 * On the reference year: a seat opens in round k when the rank is within its closing rank of round k
 * (the latest published round up to k; a seat with no round up to k is not open yet).
 *
 * On simulated years: each seat's latent movement X_i = √ρ·G + √(1−ρ)·E_i (the outcome model's);
 * the seat opens in round k when X_i ≤ Φ⁻¹(c_ik), c_ik being the chance of the seat at round k: the
 * chance model's chance for the rank scaled by the reference year's final / round-k closing rank
 * (a round's closing rank keeps its reference-year ratio to the final one). One X_i for all rounds,
 * so a seat open at the end of a year is open in every round whose closing rank is at least as large.
 */

export const STRATEGIES = ['float', 'slide', 'freeze'] as const;
export type Strategy = (typeof STRATEGIES)[number];

/** Which choice (0-based) is held after each round under a strategy, or null. */
export type Path = (number | null)[];

/** Index of the first choice open in this round that the strategy may move to, or null. */
function nextHeld(held: number | null, open: (i: number) => boolean, n: number, institute: readonly string[], strategy: Strategy): number | null {
  if (held === 0) return 0;
  if (held !== null && strategy === 'freeze') return held;
  const limit = held ?? n;
  for (let i = 0; i < limit; i++) {
    if (!open(i)) continue;
    if (held !== null && strategy === 'slide' && institute[i] !== institute[held]) continue;
    return i;
  }
  return held;
}

/** The rounds of the list: 1 … the largest round any seat has. */
export function roundsOf(closing: readonly (readonly { round: number; closingRank: number }[])[]): number[] {
  let last = 0;
  for (const r of closing) for (const x of r) last = Math.max(last, x.round);
  return Array.from({ length: last }, (_, k) => k + 1);
}

/** A seat's closing rank in round k: its latest published round up to k, or null. */
export function closingAt(rounds: readonly { round: number; closingRank: number }[], k: number): number | null {
  let best: { round: number; closingRank: number } | null = null;
  for (const r of rounds) if (r.round <= k && (!best || r.round > best.round)) best = r;
  return best?.closingRank ?? null;
}

/**
 * The mock allotment on the reference year's rounds: per strategy, the choice held after each round.
 * `rank[i]` is null for a choice never open to the student.
 */
export function referenceRehearsal(
  seats: readonly { institute: string; rounds: readonly { round: number; closingRank: number }[] }[],
  rank: readonly (number | null)[],
): { rounds: number[]; paths: Record<Strategy, Path> } {
  const rounds = roundsOf(seats.map((s) => s.rounds));
  const institute = seats.map((s) => s.institute);
  const paths = {} as Record<Strategy, Path>;
  for (const strategy of STRATEGIES) {
    let held: number | null = null;
    paths[strategy] = rounds.map((k) => {
      held = nextHeld(
        held,
        (i) => {
          const r = rank[i];
          const c = r === null ? null : closingAt(seats[i].rounds, k);
          return r !== null && c !== null && r <= c;
        },
        seats.length,
        institute,
        strategy,
      );
      return held;
    });
  }
  return { rounds, paths };
}

export type SimulatedRehearsal = {
  years: number;
  /** Per strategy: the chance each choice is held at the end, and of no seat. */
  final: Record<Strategy, { final: number[]; none: number }>;
  /** Under float: the chance of holding some seat after each round. */
  holding: number[];
  /** The chance that floating ends on a higher choice than the first seat allotted. */
  floatGains: number;
};

export const REHEARSAL_YEARS = 2000;

/**
 * The rounds on simulated years. `roundChance[i][k]` is choice i's chance at round k + 1 (null: not
 * open to the student, or not offered yet in that round).
 */
export function simulatedRehearsal(
  roundChance: readonly (readonly (number | null)[])[],
  institute: readonly string[],
  opts: { rho: number; seed: number; years?: number },
): SimulatedRehearsal {
  const n = roundChance.length;
  const rounds = n ? roundChance[0].length : 0;
  const years = opts.years ?? REHEARSAL_YEARS;
  const shocks = commonShocks(opts.seed, years);
  const own = mulberry32((opts.seed ^ 0x9e3779b9) >>> 0);
  const a = Math.sqrt(opts.rho);
  const b = Math.sqrt(1 - opts.rho);
  const thresholds = roundChance.map((row) => row.map((c) => (c === null || !(c > 0) ? -Infinity : normalQuantile(Math.min(c, 1 - 1e-12)))));
  const final = Object.fromEntries(STRATEGIES.map((s) => [s, { final: new Array<number>(n).fill(0), none: 0 }])) as SimulatedRehearsal['final'];
  const holding = new Array<number>(rounds).fill(0);
  let gains = 0;
  const x = new Float64Array(n);
  for (let y = 0; y < years; y++) {
    for (let i = 0; i < n; i++) x[i] = a * shocks[y] + b * normalQuantile(Math.max(1e-12, own()));
    for (const strategy of STRATEGIES) {
      let held: number | null = null;
      let first: number | null = null;
      for (let k = 0; k < rounds; k++) {
        held = nextHeld(held, (i) => x[i] <= thresholds[i][k], n, institute, strategy);
        if (first === null) first = held;
        if (strategy === 'float' && held !== null) holding[k]++;
      }
      if (held === null) final[strategy].none++;
      else final[strategy].final[held]++;
      if (strategy === 'float' && held !== null && first !== null && held < first) gains++;
    }
  }
  for (const s of STRATEGIES) {
    final[s].final = final[s].final.map((c) => c / years);
    final[s].none /= years;
  }
  return { years, final, holding: holding.map((h) => h / years), floatGains: gains / years };
}
