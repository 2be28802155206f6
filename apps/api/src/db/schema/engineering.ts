import { boolean, index, integer, pgTable, real, smallint, text } from 'drizzle-orm/pg-core';

/** One canonical record per engineering institute (JoSAA institutes + reviewed aliases). */
export const engineeringInstitutes = pgTable('engineering_institutes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  type: text('type', { enum: ['IIT', 'NIT', 'IIIT', 'GFTI'] }).notNull(),
  state: text('state'),
  address: text('address'),
  website: text('website'),
  josaaCode: integer('josaa_code'),
  nirfRank: integer('nirf_rank'),
  nirfRankYear: smallint('nirf_rank_year'),
  /** NIRF median salary of graduates (UG 4-year), in lakh per annum. */
  medianSalaryLpa: real('median_salary_lpa'),
  /** Share of graduates placed, in percent. */
  placementRate: real('placement_rate'),
  /** The academic year the placement figures describe, e.g. '2023-24'. */
  placementYear: text('placement_year'),
  placementSource: text('placement_source'),
  /** Annual institute fee in rupees; no data set here has one yet. */
  feeInr: integer('fee_inr'),
  /** Facilities: null = unknown, which never excludes an institute. */
  sportsFacility: boolean('sports_facility'),
  hostelFacility: boolean('hostel_facility'),
  messFacility: boolean('mess_facility'),
});

/** Every opening/closing rank of every round and year (JoSAA and CSAB), as published. */
export const engineeringCutoffs = pgTable(
  'engineering_cutoffs',
  {
    counselling: text('counselling', { enum: ['JoSAA', 'CSAB'] }).notNull(),
    year: smallint('year').notNull(),
    round: smallint('round').notNull(),
    instituteId: text('institute_id').notNull(),
    programName: text('program_name').notNull(),
    branchGroup: text('branch_group').notNull(),
    quota: text('quota').notNull(),
    seatType: text('seat_type').notNull(),
    gender: text('gender').notNull(),
    openingRank: integer('opening_rank').notNull(),
    closingRank: integer('closing_rank').notNull(),
  },
  (t) => [index('engineering_cutoffs_institute_idx').on(t.instituteId, t.year, t.round)],
);

/**
 * What the predictor reads: one row per seat (program × quota × seat type × pool) and scheme,
 * with the reference year/round already resolved and the institute's figures copied in.
 */
export const engineeringReference = pgTable(
  'engineering_reference',
  {
    id: text('id').primaryKey(),
    scheme: text('scheme', { enum: ['josaa', 'csab'] }).notNull(),
    instituteId: text('institute_id').notNull(),
    instituteName: text('institute_name').notNull(),
    instituteType: text('institute_type').notNull(),
    state: text('state'),
    programName: text('program_name').notNull(),
    branchGroup: text('branch_group').notNull(),
    quota: text('quota').notNull(),
    seatType: text('seat_type').notNull(),
    gender: text('gender').notNull(),
    openingRank: integer('opening_rank').notNull(),
    closingRank: integer('closing_rank').notNull(),
    year: smallint('year').notNull(),
    round: smallint('round').notNull(),
    basis: text('basis', { enum: ['JoSAA', 'CSAB'] }).notNull(),
    medianSalaryLpa: real('median_salary_lpa'),
    placementYear: text('placement_year'),
    nirfRank: integer('nirf_rank'),
    feeInr: integer('fee_inr'),
    sportsFacility: boolean('sports_facility'),
    hostelFacility: boolean('hostel_facility'),
    messFacility: boolean('mess_facility'),
    /** Lower-cased institute name, short name and program, for search. */
    searchText: text('search_text').notNull(),
  },
  (t) => [index('engineering_reference_match_idx').on(t.scheme, t.seatType, t.gender, t.closingRank)],
);

/** What was imported, so a second run with the same inputs changes nothing. */
export const dataImports = pgTable('data_imports', {
  name: text('name').primaryKey(),
  inputHash: text('input_hash').notNull(),
  rows: integer('rows').notNull(),
  importedAt: text('imported_at').notNull(),
});
