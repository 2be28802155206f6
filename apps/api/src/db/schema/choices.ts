import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** One choice of a saved list: the predictor's seat id and the student's note. */
export type StoredChoice = { id: string; note: string };

/**
 * A student's saved choice lists (issue 23, docs/decisions/0027): several named lists per account,
 * one counselling each (JoSAA, CSAB, MCC NEET PG). The choices are an ordered JSON array of seat ids
 * (the predictors' result ids) with a note each; `version` grows with every save, so a save from a
 * stale copy (another tab or device) is refused rather than lost. `shareToken`, when set, opens a
 * read-only copy without an account; clearing it revokes the link.
 */
export const choiceLists = pgTable(
  'choice_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    counselling: text('counselling', { enum: ['JoSAA', 'CSAB', 'MCC'] }).notNull(),
    /** The student's ranks, category, pool and home state the chances are computed for. */
    student: jsonb('student').notNull(),
    items: jsonb('items').$type<StoredChoice[]>().notNull(),
    version: integer('version').notNull().default(1),
    shareToken: text('share_token').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('choice_lists_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * The backtests of the outcome model and of the round-k advice (docs/decisions/0027), computed from
 * the raw JoSAA files after the engineering import and published on /methodology. One row per
 * backtest ('outcomes', 'rounds').
 */
export const choiceBacktests = pgTable('choice_backtests', {
  name: text('name').primaryKey(),
  figures: jsonb('figures').notNull(),
  computedAt: text('computed_at').notNull(),
});
