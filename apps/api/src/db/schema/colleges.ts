import { doublePrecision, integer, pgTable, primaryKey, real, smallint, text } from 'drizzle-orm/pg-core';

/**
 * One row per Indian PIN code: the mean position of its GeoNames postal-code rows
 * (geo/geonames_in_postal_codes.csv, GeoNames, CC BY 4.0). PIN-area accuracy, not an address.
 */
export const postalCodes = pgTable('postal_codes', {
  pinCode: text('pin_code').primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  /** How many GeoNames rows (post offices) were averaged. */
  places: integer('places').notNull(),
  /** The district and state most of those rows name (GeoNames spelling). */
  district: text('district'),
  state: text('state'),
});

/** Every NIRF Engineering edition's rank of a JoSAA institute (nirf/nirf_engineering_rankings.csv). */
export const engineeringNirfRanks = pgTable(
  'engineering_nirf_ranks',
  {
    instituteId: text('institute_id').notNull(),
    /** The NIRF edition. */
    year: smallint('year').notNull(),
    rank: integer('rank').notNull(),
    score: real('score'),
    /** The institute's name as NIRF printed it that year. */
    nameInSource: text('name_in_source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.year] })],
);

/** Each institute's programs of its latest JoSAA year (derived from engineering_cutoffs at import). */
export const collegePrograms = pgTable(
  'college_programs',
  {
    instituteId: text('institute_id').notNull(),
    /** The institute's latest JoSAA year. */
    year: smallint('year').notNull(),
    programName: text('program_name').notNull(),
    branchGroup: text('branch_group').notNull(),
    /** How many seats (quota × seat type × pool) the program had that year. */
    seats: integer('seats').notNull(),
    /** The quota codes it offered that year. */
    quotas: text('quotas').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.instituteId, t.programName] })],
);
