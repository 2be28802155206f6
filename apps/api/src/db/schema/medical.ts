import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * One record per NEET PG institute. Institutes whose MCC "name, address" string matches the MCC
 * fee file are keyed by their MCC code ('mcc-700107'); the rest by their normalised string.
 */
export const medicalInstitutes = pgTable('medical_institutes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  state: text('state'),
  mccCode: integer('mcc_code'),
  /** Annual fee in rupees, only when the fee file gives one positive figure (else null = 'NA'). */
  annualFeeInr: integer('annual_fee_inr'),
  /** The annual fee exactly as the institute wrote it, for reference (never shown as a figure). */
  annualFeeText: text('annual_fee_text'),
  bondYears: smallint('bond_years'),
  bondPenaltyInr: integer('bond_penalty_inr'),
});

/** Allotments aggregated per seat and round: opening (min) and closing (max) AIR of that round's allotments. */
export const medicalCutoffs = pgTable(
  'medical_cutoffs',
  {
    year: smallint('year').notNull(),
    round: smallint('round').notNull(),
    instituteId: text('institute_id').notNull(),
    course: text('course').notNull(),
    quota: text('quota').notNull(),
    category: text('category').notNull(),
    openingRank: integer('opening_rank').notNull(),
    closingRank: integer('closing_rank').notNull(),
    allotments: integer('allotments').notNull(),
  },
  (t) => [index('medical_cutoffs_seat_idx').on(t.instituteId, t.course, t.year, t.round)],
);

/** What the predictor reads: one row per seat with its reference-round ranks and the institute's figures. */
export const medicalReference = pgTable(
  'medical_reference',
  {
    id: text('id').primaryKey(),
    instituteId: text('institute_id').notNull(),
    instituteName: text('institute_name').notNull(),
    address: text('address'),
    state: text('state'),
    course: text('course').notNull(),
    degree: text('degree').notNull(),
    quota: text('quota').notNull(),
    category: text('category').notNull(),
    openingRank: integer('opening_rank').notNull(),
    closingRank: integer('closing_rank').notNull(),
    year: smallint('year').notNull(),
    round: smallint('round').notNull(),
    annualFeeInr: integer('annual_fee_inr'),
    bondYears: smallint('bond_years'),
    bondPenaltyInr: integer('bond_penalty_inr'),
    /** Lower-cased institute name, address, state and course, for search. */
    searchText: text('search_text').notNull(),
  },
  (t) => [index('medical_reference_match_idx').on(t.quota, t.category, t.closingRank)],
);

/** The course catalogue of the medical form (the course names the allotment data uses). */
export const medicalCourses = pgTable('medical_courses', {
  name: text('name').primaryKey(),
  degree: text('degree').notNull(),
  position: integer('position').notNull(),
});
