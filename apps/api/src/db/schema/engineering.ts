import { boolean, doublePrecision, index, integer, jsonb, pgTable, real, serial, smallint, text } from 'drizzle-orm/pg-core';
import type { SeatChanceCard } from '../../lib/chance.ts';

/**
 * One canonical record per engineering institute (JoSAA institutes.csv + the reviewed alias table,
 * docs/decisions/0003). `id` is the institute's URL slug ('nit-goa', 'iit-bombay'): the slug of its
 * short name, independent of row order, so it is the same on every re-import; two institutes that
 * would share one stop the import.
 */
export const engineeringInstitutes = pgTable('engineering_institutes', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  type: text('type', { enum: ['IIT', 'NIT', 'IIIT', 'GFTI'] }).notNull(),
  /** State or UT as the contract's homeStates spell it. */
  state: text('state'),
  /** Postal address and web site from the JoSAA 2023 institute profiles (null for later institutes). */
  address: text('address'),
  website: text('website'),
  josaaCode: integer('josaa_code'),
  /**
   * Location from geo/josaa_institute_locations.csv (GeoNames, CC BY 4.0): PIN-area or town
   * accuracy, 1-45 km from the campus, never a campus position. `city` is the GeoNames town when
   * the institute was placed by a town; `district` the GeoNames district when placed by its PIN.
   */
  city: text('city'),
  district: text('district'),
  pinCode: text('pin_code'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /** 'pin_centroid', 'city_named_in_institute_name', ... as the file says; null when not located. */
  locationMethod: text('location_method'),
  /** Latest NIRF Engineering rank and the NIRF edition (year) it is from (another category's when no Engineering edition ranks it). */
  nirfRank: integer('nirf_rank'),
  nirfRankYear: smallint('nirf_rank_year'),
  /** 'Engineering', or the NIRF category nirfRank is from (e.g. 'Architecture and Planning'). */
  nirfCategory: text('nirf_category'),
  /** NIRF median salary of graduates (UG 4-year), in lakh per annum. */
  medianSalaryLpa: real('median_salary_lpa'),
  /** Share of graduates placed, in percent. */
  placementRate: real('placement_rate'),
  /** The graduating batch the placement figures describe, e.g. '2023-24'; null exactly when there are none. */
  placementYear: text('placement_year'),
  placementSource: text('placement_source'),
  /**
   * Undergraduate tuition per year in rupees, set centrally for all IITs / all NITs
   * (fees/tuition_policy.csv); null for IIITs, GFTIs and IIEST. Tuition only: hostel, mess and
   * one-time charges are extra. `tuitionFromYear`: the first admission year it applies to.
   */
  tuitionInrPerYear: integer('tuition_inr_per_year'),
  tuitionFromYear: smallint('tuition_from_year'),
  tuitionSource: text('tuition_source'),
  /** Facilities: no data set has them yet (always null = unknown, which never excludes an institute). */
  sportsFacility: boolean('sports_facility'),
  hostelFacility: boolean('hostel_facility'),
  messFacility: boolean('mess_facility'),
});

/** Every academic program name of the OR-CR files (HTML entities decoded), with its branch group. */
export const engineeringPrograms = pgTable('engineering_programs', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  branchGroup: text('branch_group').notNull(),
});

/**
 * Every opening/closing rank of every round and year (JoSAA and CSAB), as published: the history a
 * seat's chart is drawn from. A preparatory-course rank ('50P') is stored as its number with its
 * *_preparatory flag set; CSAB's DASA quotas (DC, AD) are not imported. The program is a reference
 * to engineering_programs (half a million rows load twice as fast without the repeated names).
 */
export const engineeringCutoffs = pgTable(
  'engineering_cutoffs',
  {
    counselling: text('counselling', { enum: ['JoSAA', 'CSAB'] }).notNull(),
    year: smallint('year').notNull(),
    round: smallint('round').notNull(),
    instituteId: text('institute_id').notNull(),
    programId: integer('program_id').notNull(),
    quota: text('quota').notNull(),
    seatType: text('seat_type').notNull(),
    gender: text('gender').notNull(),
    openingRank: integer('opening_rank').notNull(),
    closingRank: integer('closing_rank').notNull(),
    openingPreparatory: boolean('opening_preparatory').notNull(),
    closingPreparatory: boolean('closing_preparatory').notNull(),
    /** The closing rank is preparatory by the stated rule for 2016-2024 (data/josaa/preparatory.ts), not by a printed 'P'. */
    preparatoryByRule: boolean('preparatory_by_rule').notNull().default(false),
  },
  (t) => [index('engineering_cutoffs_seat_idx').on(t.instituteId, t.programId)],
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
    /**
     * The rank the seat is allotted on when it is not the exam's B.E./B.Tech rank: '2A' (B.Arch) and
     * '2B' (B.Planning) at NITs, IIITs and GFTIs, on JEE Main Paper 2 ranks; null otherwise.
     */
    rankPaper: text('rank_paper', { enum: ['2A', '2B'] }),
    /**
     * The home states (contract spelling) whose candidates may take this seat's quota in its year
     * (data/josaa/home-state-quotas.ts); null for AI seats, which every candidate may take.
     */
    eligibleStates: text('eligible_states').array(),
    medianSalaryLpa: real('median_salary_lpa'),
    placementYear: text('placement_year'),
    nirfRank: integer('nirf_rank'),
    nirfRankYear: smallint('nirf_rank_year'),
    nirfCategory: text('nirf_category'),
    /** The institute's tuition per year (IIT/NIT only) and the first admission year it applies to. */
    tuitionInrPerYear: integer('tuition_inr_per_year'),
    tuitionFromYear: smallint('tuition_from_year'),
    /** Lower-cased institute name, short name and program, for search. */
    searchText: text('search_text').notNull(),
    /** Chance of admission (docs/decisions/0014): the seat's scale s × k (z = ln(rank / closing rank) / scale). */
    chanceScale: real('chance_scale').notNull(),
    /** The largest rank with a chance of at least 15% (≥ closing rank): Reach seats are listed up to it. */
    reachRank: integer('reach_rank').notNull(),
    /**
     * The seat group's change of z (docs/decisions/0014, per-group calibration): z' = (z − shift) /
     * below when z < shift, else (z − shift) / above; none is 0, 1, 1. Double precision, so the SQL
     * sort and the read model compute z' from the same numbers.
     */
    chanceShift: doublePrecision('chance_shift').notNull().default(0),
    chanceBelow: doublePrecision('chance_below').notNull().default(1),
    chanceAbove: doublePrecision('chance_above').notNull().default(1),
    /** New in the reference year: the wider band. */
    chanceWide: boolean('chance_wide').notNull(),
    /** What the card shows: why-line, trend, the reference year's rounds. */
    chanceCard: jsonb('chance_card').$type<SeatChanceCard>().notNull(),
    /** What the seat is judged on, in words: 'JoSAA 2026 round 5 (round 6 not yet in our data)' (issue 22 item 4). */
    referenceLabel: text('reference_label').notNull().default(''),
  },
  (t) => [index('engineering_reference_match_idx').on(t.scheme, t.seatType, t.gender, t.closingRank)],
);

/**
 * Rounds an operator added (npm run data:add, /admin/data; data/lib/added-rounds.ts): the file kept
 * under DATA_FOLDER/added-data, its checksum and who added it. DATA_FOLDER's manifest.json is what a
 * re-import reads; this table is its record for the admin page and the data line.
 */
export const dataAdditions = pgTable('data_additions', {
  id: serial('id').primaryKey(),
  counselling: text('counselling').notNull(),
  year: smallint('year').notNull(),
  round: smallint('round').notNull(),
  file: text('file').notNull(),
  sha256: text('sha256').notNull(),
  rows: integer('rows').notNull(),
  addedBy: text('added_by').notNull(),
  addedAt: text('added_at').notNull(),
});

/** What was imported, so a second run with the same inputs changes nothing. */
export const dataImports = pgTable('data_imports', {
  name: text('name').primaryKey(),
  inputHash: text('input_hash').notNull(),
  rows: integer('rows').notNull(),
  importedAt: text('imported_at').notNull(),
});
