import { jsonb, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The chance model of each stream as the importer fitted it (docs/decisions/0014): the table of
 * standardised moves and the calibration table that turn a seat's distance z into a chance, and the
 * backtest and summary that /methodology publishes. One row per stream ('josaa', 'neet-pg').
 */
export const chanceModels = pgTable('chance_models', {
  stream: text('stream', { enum: ['josaa', 'neet-pg'] }).primaryKey(),
  predictYear: smallint('predict_year').notNull(),
  referenceYear: smallint('reference_year').notNull(),
  /** Quantiles of standardised moves (201 numbers). */
  moveTable: jsonb('move_table').$type<number[]>().notNull(),
  /** Calibration table { x, y, points }, or null (NEET PG has no earlier backtest year). */
  calibration: jsonb('calibration').$type<{ x: number[]; y: number[]; points: number } | null>(),
  /** The largest z whose chance is still at least 15%: a Reach seat's rank limit is C × exp(zReach × scale). */
  zReach: real('z_reach').notNull(),
  /** The model summary and the backtest, as the contract's methodology schema has them. */
  summary: jsonb('summary').notNull(),
  backtest: jsonb('backtest').notNull(),
  computedAt: text('computed_at').notNull(),
});
