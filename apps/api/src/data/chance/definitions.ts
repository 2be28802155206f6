/**
 * The definitions of the chance of admission and of its backtest (docs/decisions/0014-chance-of-admission.md).
 * Everything here is published on /methodology; a third party can recompute the backtest from the
 * raw CSVs with these rules alone. The bands of a chance and the percentage shown are the contract's
 * (@rankwise/contract/chance: CHANCE_BANDS, percentOf, bandOf), which the page uses as well.
 */

/**
 * The backtest's rank points: for a seat whose reference closing rank is C, the ranks
 * round(p × C / 100) (halves up, at least 1) for each p below, in percent of C.
 */
export const RATIO_PERCENTS = [50, 60, 70, 75, 80, 85, 90, 95, 100, 105, 110, 115, 120, 125, 130, 140, 150, 175, 200] as const;

/** Integer arithmetic, so every language gets the same ranks. */
export function pointRank(percent: number, closingRank: number): number {
  return Math.max(1, Math.floor((percent * closingRank + 50) / 100));
}

/** The first and last year the backtest predicts (each from the years before it). */
export const JOSAA_BACKTEST_YEARS = { first: 2018, last: 2025 } as const;

/** Size bands of the reference closing rank: lower bounds. */
export const SIZE_BANDS = [1, 100, 1_000, 10_000, 100_000] as const;

export function sizeBandOf(closingRank: number): number {
  let band = 0;
  for (let i = 0; i < SIZE_BANDS.length; i++) if (closingRank >= SIZE_BANDS[i]) band = i;
  return band;
}

export function sizeBandLabel(band: number): string {
  const lo = SIZE_BANDS[band];
  const hi = SIZE_BANDS[band + 1];
  const fmt = (n: number) => n.toLocaleString('en-IN');
  return hi === undefined ? `${fmt(lo)} and above` : `${fmt(lo)}–${fmt(hi - 1)}`;
}

/**
 * Seat groups calibrated on their own (docs/decisions/0014, issue 21): their closing ranks move
 * differently from the rest. A seat is in the first group whose test it passes, else in 'general'.
 * `closingRank` is the reference closing rank C. To add a group, add an entry (the backtest, the
 * stored model and /methodology follow); a group with fewer than GROUP_MIN_POINTS earlier points
 * stays pooled with 'general' (no adjustment).
 */
export type ChanceGroupDef = { id: string; label: string; test(seat: { category: string; quota: string }, closingRank: number): boolean };

export const JOSAA_CHANCE_GROUPS: readonly ChanceGroupDef[] = [
  { id: 'under-100', label: 'Closing rank under 100', test: (_s, c) => c < 100 },
  { id: 'pwd', label: 'PwD seats (closing rank 100 or more)', test: (s) => s.category === 'PwD' },
  { id: 'go-jk-la', label: 'GO, JK and LA quotas (and AP until 2019; not PwD, closing rank 100 or more)', test: (s) => s.quota === 'Other' },
];

export const GENERAL_GROUP = { id: 'general', label: 'All other seats' } as const;

/** The points (of earlier backtest years) a group needs for its own adjustment. */
export const GROUP_MIN_POINTS = 2_000;

export function chanceGroupOf(groups: readonly ChanceGroupDef[], seat: { category: string; quota: string }, closingRank: number): string {
  for (const g of groups) if (g.test(seat, closingRank)) return g.id;
  return GENERAL_GROUP.id;
}
