import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/**
 * The bands of a chance (docs/decisions/0014), by the whole percentage shown on the card: the rule
 * the server answers with and the page shows by, kept here once.
 */
export const chanceBands = ['Safe', 'Likely', 'Toss-up', 'Reach', 'Unlikely'] as const;
export type ChanceBand = (typeof chanceBands)[number];
export const CHANCE_BANDS: readonly { band: ChanceBand; min: number; max: number }[] = [
  { band: 'Safe', min: 85, max: 100 },
  { band: 'Likely', min: 65, max: 84 },
  { band: 'Toss-up', min: 35, max: 64 },
  { band: 'Reach', min: 15, max: 34 },
  { band: 'Unlikely', min: 0, max: 14 },
];

/** The lowest percentage a Reach seat may have to be listed. */
export const REACH_MIN_PERCENT = 15;

/** The whole percentage shown for a chance (float noise removed first, so 0.145 shows 15, not 14). */
export function percentOf(chance: number): number {
  return Math.round(Math.round(chance * 1e6) / 1e4);
}

/** The band of a chance, read from its whole percentage (0.845 is 85%, 'Safe'). */
export function bandOf(chance: number): ChanceBand {
  const pct = percentOf(chance);
  for (const b of CHANCE_BANDS) if (pct >= b.min) return b.band;
  return 'Unlikely';
}

/** `includeReach` as JSON or a form value; absent means false (the spec's list and counts). */
export const includeReachSchema = z
  .union([z.boolean(), z.enum(['true', 'false', 'yes', 'no'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'yes');

/** A seat's final closing rank of one year (the trend on the card). */
export const closingRankPointSchema = z.object({ year: z.number().int(), closingRank: z.number().int() });

/**
 * What every engineering and NEET PG result adds for the chance of admission
 * (docs/decisions/0014-chance-of-admission.md). The spec's own fields are unchanged.
 */
export const chanceFieldsSchema = z.object({
  /** The chance that this rank gets this seat in the next counselling, 0.01–0.99. */
  chance: z.number().min(0).max(1),
  /** The whole percentage the card shows; the band is read from it. */
  percent: z.number().int().min(0).max(100),
  band: z.enum(chanceBands),
  /** The seat's closing rank is below the student's rank (listed only with includeReach). */
  reach: z.boolean(),
  /** One plain line of why, e.g. 'closed at 14,210 in 2025 round 6; 14,750 in 2024; 13,900 in 2023'. */
  why: z.string(),
  /** The earliest round of the reference year whose closing rank this rank would have cleared, or null. */
  clearedInRound: z.string().nullable(),
  /** The seat's final closing rank by year, oldest first. */
  trend: z.array(closingRankPointSchema),
  /** New in the reference year, or (NEET PG) 3 or fewer allotments: the chance is less sure. */
  wideBand: z.boolean(),
  /** NEET PG: the seat had 3 or fewer allotments in the reference rounds. */
  fewAllotments: z.boolean(),
});
export type ChanceFields = z.infer<typeof chanceFieldsSchema>;

const cellSchema = z.object({ n: z.number().int(), predicted: z.number(), observed: z.number() });
const bandRowSchema = cellSchema.extend({ band: z.enum(chanceBands) });

/**
 * A seat group calibrated on its own, in one backtest (docs/decisions/0014): its seats and points,
 * the chance given and the share who got the seat per band, and how it is calibrated.
 * - JoSAA (closing rank under 100, PwD, the GO/JK/LA quotas, the rest): over all backtest years,
 *   with the change of z the product uses for it (`adjustment`; `own` false: too few points,
 *   pooled with the rest).
 * - NEET PG (the DNB quota, the other quotas): each group has its own calibration table (`own`
 *   true, no change of z), with the group's Brier scores.
 */
export const calibrationGroupSchema = z.object({
  id: z.string(),
  label: z.string(),
  seats: z.number().int(),
  points: z.number().int(),
  brier: z.number().optional(),
  baselineBrier: z.number().optional(),
  bands: z.array(bandRowSchema),
  adjustment: z.object({ shift: z.number(), below: z.number(), above: z.number() }).optional(),
  own: z.boolean(),
});
export type CalibrationGroup = z.infer<typeof calibrationGroupSchema>;

export const backtestSchema = z.object({
  stream: z.enum(['josaa', 'neet-pg']),
  years: z.array(
    z.object({
      year: z.number().int(),
      seats: z.number().int(),
      points: z.number().int(),
      brier: z.number(),
      baselineBrier: z.number(),
      bands: z.array(bandRowSchema),
    }),
  ),
  total: z.object({
    seats: z.number().int(),
    points: z.number().int(),
    brier: z.number(),
    baselineBrier: z.number(),
    bands: z.array(bandRowSchema),
    bins: z.array(cellSchema.extend({ from: z.number().int(), to: z.number().int() })),
  }),
  /** The seat groups calibrated on their own, scored in this backtest (JoSAA's and NEET PG's). */
  calibrationGroups: z.array(calibrationGroupSchema).optional(),
});
export type Backtest = z.infer<typeof backtestSchema>;

/** The model the product uses now, as stored by the importer. */
export const chanceModelSummarySchema = z.object({
  stream: z.enum(['josaa', 'neet-pg', 'csab']),
  /** The year whose counselling the chances are for, and the reference year they start from. */
  predictYear: z.number().int(),
  referenceYear: z.number().int(),
  /** Year-to-year moves the model learned from, and how many were of seats new (or with few allotments). */
  moves: z.number().int(),
  wideMoves: z.number().int(),
  /** How much wider the band of a new (or few-allotment) seat is. */
  wideFactor: z.number(),
  groups: z.number().int(),
  /** JoSAA: the reference year's last published round when it is not the year's final one (the step model predicts from it). */
  referenceRound: z.number().int().optional(),
  /** Round-to-final moves the step model learned from. */
  stepMoves: z.number().int().optional(),
});

/**
 * JoSAA when the reference year's last published round is not its final round (2026: round 5 of 6):
 * the step model's backtest (each year predicted from the round-R closing ranks of the year before)
 * and, on the same points, what treating round R as final would have scored.
 */
export const stepBacktestSchema = z.object({ round: z.number().int(), backtest: backtestSchema, asFinal: backtestSchema });

/** One data set the answers are judged on, and when it was last updated. */
export const dataSetSchema = z.object({
  /** 'JoSAA', 'CSAB' or 'MCC NEET PG'. */
  name: z.string(),
  /** What it holds, as the answers say it: 'JoSAA 2026 round 5 (round 6 not yet in our data)'. */
  label: z.string(),
  /** The date (YYYY-MM-DD) its newest rows were published in the copy we use, or added by an operator. */
  updatedOn: z.string(),
  /** When this server imported it (ISO 8601). */
  importedAt: z.string().nullable(),
});
export type DataSet = z.infer<typeof dataSetSchema>;
export const dataSetsResponseSchema = z.object({ data: z.array(dataSetSchema) });
export type DataSetsResponse = z.infer<typeof dataSetsResponseSchema>;

export const methodologySchema = z.object({
  data: z.object({
    /** When the importer computed these figures (ISO 8601). */
    computedAt: z.string(),
    rankPercents: z.array(z.number().int()),
    /** The rules' parameters, as the importer used them. */
    rules: z.object({
      reachMinPercent: z.number().int(),
      neetPgOutlierMinAllotments: z.number().int(),
      neetPgOutlierFactor: z.number(),
      neetPgFewAllotments: z.number().int(),
    }),
    josaa: z.object({ backtest: backtestSchema, model: chanceModelSummarySchema, step: stepBacktestSchema.nullable().optional() }).nullable(),
    /**
     * `backtest` is the two-fold one (2023 → 2024 across institutes); `forward` predicts 2025 from the
     * years before it (null until the data has 2025). Each has its `calibrationGroups`: the DNB
     * quota and the other quotas (docs/decisions/0014).
     */
    neetPg: z
      .object({
        backtest: backtestSchema,
        forward: backtestSchema.nullable().default(null),
        model: chanceModelSummarySchema,
      })
      .nullable(),
    /** CSAB: the JoSAA model on CSAB closing ranks (common rank list), backtested on CSAB's own years. */
    csab: z.object({ backtest: backtestSchema, model: chanceModelSummarySchema }).nullable().optional(),
    dataSets: z.array(dataSetSchema).optional(),
  }),
});
export type Methodology = z.infer<typeof methodologySchema>;

export const chanceEndpoints = defineEndpoints('chance', {
  methodology: {
    method: 'GET',
    path: '/methodology',
    summary: 'How chances of admission are computed and how accurate they were: the stored backtest',
    access: 'public',
    responses: { 200: methodologySchema },
  },
  dataSets: {
    method: 'GET',
    path: '/data-sets',
    summary: 'The data sets the answers are judged on (counselling, year, rounds) and the date each was last updated',
    access: 'public',
    responses: { 200: dataSetsResponseSchema },
  },
});
