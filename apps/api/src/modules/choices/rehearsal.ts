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
  /** With a CSAB list after JoSAA: per JoSAA strategy, how the season ends (csabAfterJosaa). */
  chain?: Record<Strategy, ChainOutcome>;
};

/*
 * CSAB after JoSAA (docs/decisions/0027, "CSAB after JoSAA"), from CSAB's business rules and FAQs
 * (2021-2024): CSAB's special rounds fill NIT+ seats left vacant after JoSAA's last round; a candidate
 * takes part with a fresh registration and a fresh choice list (JoSAA's list does not carry over),
 * whether they hold no seat or hold an NIT+ seat accepted in JoSAA (after float, slide or freeze
 * alike). A CSAB seat allotted to a candidate holding a JoSAA seat cancels the JoSAA seat: the
 * student ends with the CSAB seat, so a CSAB list should hold only seats preferred to the JoSAA one.
 * CSAB's rules address holders of an NIT+ seat or of none; Rankwise does not rehearse CSAB for a
 * student holding an IIT seat (it keeps the IIT seat). Within CSAB's rounds the student floats
 * (a CSAB seat held is never lost to a later CSAB round).
 */

/** Why a student holding this JoSAA seat does not enter CSAB in the rehearsal, or null when they do. */
export function csabEntry(held: { instituteType: string | null } | null): string | null {
  if (held?.instituteType === 'IIT')
    return 'You would hold an IIT seat after JoSAA: CSAB fills only NIT+ seats and its rules are written for holders of an NIT+ seat or of none, so the rehearsal keeps the IIT seat.';
  return null;
}

export type ChainOutcome = {
  /** The chance of ending on the JoSAA seat (held after JoSAA, no CSAB seat allotted). */
  josaa: number;
  /** The chance of ending on each CSAB choice (a JoSAA seat held is then cancelled). */
  csab: number[];
  /** The chance that a CSAB seat replaced a JoSAA seat the student held. */
  replaced: number;
  none: number;
};

/** The season's end from the JoSAA seat held (or null) and the CSAB choice held after CSAB's last round (or null). */
export function seasonEnd(josaa: number | null, csab: number | null, entered: boolean): { list: 'JoSAA' | 'CSAB'; choice: number; replaced: boolean } | null {
  if (entered && csab !== null) return { list: 'CSAB', choice: csab, replaced: josaa !== null };
  return josaa === null ? null : { list: 'JoSAA', choice: josaa, replaced: false };
}

export const REHEARSAL_YEARS = 2000;

/**
 * The rounds on simulated years. `roundChance[i][k]` is choice i's chance at round k + 1 (null: not
 * open to the student, or not offered yet in that round).
 */
export function simulatedRehearsal(
  roundChance: readonly (readonly (number | null)[])[],
  institute: readonly string[],
  opts: {
    rho: number;
    seed: number;
    years?: number;
    /**
     * A CSAB list after JoSAA: its seats' chances per CSAB round, and whether a student holding JoSAA
     * choice i (or none) enters CSAB. CSAB shares the simulated year's common shock (one year moves
     * every closing rank of the season together); its seats' own moves come from their own stream,
     * so the JoSAA figures are the same with or without a CSAB list.
     */
    csab?: { roundChance: readonly (readonly (number | null)[])[]; enters: (held: number | null) => boolean };
  },
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
  const csab = opts.csab;
  const m = csab?.roundChance.length ?? 0;
  const csabRounds = m ? csab!.roundChance[0].length : 0;
  const csabOwn = mulberry32((opts.seed ^ 0x85ebca6b) >>> 0);
  const csabThresholds = (csab?.roundChance ?? []).map((row) => row.map((c) => (c === null || !(c > 0) ? -Infinity : normalQuantile(Math.min(c, 1 - 1e-12)))));
  const csabX = new Float64Array(m);
  const noInstitute: string[] = [];
  const chain = Object.fromEntries(
    STRATEGIES.map((s) => [s, { josaa: 0, csab: new Array<number>(m).fill(0), replaced: 0, none: 0 } satisfies ChainOutcome]),
  ) as Record<Strategy, ChainOutcome>;
  for (let y = 0; y < years; y++) {
    for (let i = 0; i < n; i++) x[i] = a * shocks[y] + b * normalQuantile(Math.max(1e-12, own()));
    // CSAB's rounds under float: the CSAB choice held after its last round (the same whatever the JoSAA strategy).
    let csabHeld: number | null = null;
    if (csab) {
      for (let i = 0; i < m; i++) csabX[i] = a * shocks[y] + b * normalQuantile(Math.max(1e-12, csabOwn()));
      for (let k = 0; k < csabRounds; k++) csabHeld = nextHeld(csabHeld, (i) => csabX[i] <= csabThresholds[i][k], m, noInstitute, 'float');
    }
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
      if (csab) {
        const end = seasonEnd(held, csabHeld, csab.enters(held));
        const c = chain[strategy];
        if (end === null) c.none++;
        else if (end.list === 'CSAB') {
          c.csab[end.choice]++;
          if (end.replaced) c.replaced++;
        } else c.josaa++;
      }
      if (strategy === 'float' && held !== null && first !== null && held < first) gains++;
    }
  }
  for (const s of STRATEGIES) {
    final[s].final = final[s].final.map((c) => c / years);
    final[s].none /= years;
  }
  const out: SimulatedRehearsal = { years, final, holding: holding.map((h) => h / years), floatGains: gains / years };
  if (csab)
    out.chain = Object.fromEntries(
      STRATEGIES.map((s) => {
        const c = chain[s];
        return [s, { josaa: c.josaa / years, csab: c.csab.map((v) => v / years), replaced: c.replaced / years, none: c.none / years }];
      }),
    ) as Record<Strategy, ChainOutcome>;
  return out;
}
