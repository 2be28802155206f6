import { boolean, doublePrecision, index, integer, jsonb, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';
import type { SeatChanceCard } from '../../lib/chance.ts';

/**
 * One record per NEET PG institute (docs/decisions/0005). `id` is the institute's URL slug and is
 * the same on every re-import: 'mcc-<MCC institute code>' ('mcc-902867') when the institute is
 * matched to the MCC fee file (by its name and address, or through the reviewed alias table in
 * data/neet-pg/institute-aliases.ts); otherwise 'x-' and 12 hex digits of the SHA-1 of its
 * normalised name-and-address key.
 */
export const medicalInstitutes = pgTable('medical_institutes', {
  id: text('id').primaryKey(),
  /** Clean display name: the institute's name (not its address), acronyms kept ('AIIMS', 'ESIC'). */
  name: text('name').notNull(),
  /** Every raw MCC "name, address" string of the allotment data that is this institute, for search. */
  rawNames: text('raw_names').array().notNull(),
  address: text('address'),
  /** State from the allotment address (the fee file's state is never preferred to it). */
  state: text('state'),
  mccCode: integer('mcc_code'),
  /**
   * Location of the MCC institute's PIN area from geo/mcc_neetpg_institute_locations.csv (GeoNames,
   * CC BY 4.0): the PIN, the GeoNames district, and the mean position of the PIN's post offices.
   * Null for institutes without an MCC code or whose PIN GeoNames lacks.
   */
  pinCode: text('pin_code'),
  district: text('district'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** Annual fee in rupees, only when the fee file gives one plausible yearly figure (else null = 'NA'). */
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
    /** Where the institute is, as shown: 'town, state' or the state alone (docs/decisions/0005), never address text. */
    location: text('location'),
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
    /** Lower-cased display name, raw MCC names, address, state and course, for search. */
    searchText: text('search_text').notNull(),
    /** Allotments in the reference rounds (3 or fewer: 'few allotments', docs/decisions/0014). */
    allotments: integer('allotments').notNull(),
    /** Chance of admission (docs/decisions/0014): the seat's scale s × k (z = ln(rank / closing rank) / scale). */
    chanceScale: real('chance_scale').notNull(),
    /** The largest rank with a chance of at least 15% (≥ closing rank): Reach seats are listed up to it. */
    reachRank: integer('reach_rank').notNull(),
    /** Few allotments or new in the reference year: the wider band. */
    chanceWide: boolean('chance_wide').notNull(),
    /** What the card shows: why-line, trend, the reference year's rounds. */
    chanceCard: jsonb('chance_card').$type<SeatChanceCard>().notNull(),
  },
  (t) => [index('medical_reference_match_idx').on(t.quota, t.category, t.closingRank)],
);

/** The course catalogue of the medical form (the course names the allotment data uses). */
export const medicalCourses = pgTable('medical_courses', {
  name: text('name').primaryKey(),
  degree: text('degree').notNull(),
  position: integer('position').notNull(),
});
