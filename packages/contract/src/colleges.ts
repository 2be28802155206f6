import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { engineeringCategories } from './engineering.ts';
import { homeStates } from './reference.ts';

/** Spec §8 and §4 texts of the college pages. */
export const COLLEGE_INFO_ERROR = 'Failed to fetch college information';
export const COMPARE_ERROR = 'Failed to fetch compared colleges! Please try again later';
export const COMPARED_MESSAGE = 'Compared successfully';
export const COMPARE_CLEARED_MESSAGE = 'Comparison list cleared successfully';
export const COMPARE_LIMIT_MESSAGE = 'You can only compare up to 3 colleges.';
/** Spec §9: at most three colleges side by side. */
export const MAX_COMPARE = 3;

/** Family income bands of the IIT/NIT tuition waivers (fees/tuition_policy.csv). */
export const familyIncomeBands = ['below-1-lakh', '1-to-5-lakh', '5-lakh-or-more'] as const;
export type FamilyIncomeBand = (typeof familyIncomeBands)[number];
export const familyIncomeLabels: Record<FamilyIncomeBand, string> = {
  'below-1-lakh': 'Below ₹1 lakh a year',
  '1-to-5-lakh': '₹1 lakh to below ₹5 lakh a year',
  '5-lakh-or-more': '₹5 lakh a year or more',
};

const NA = z.literal('NA');
const instituteTypes = z.enum(['IIT', 'NIT', 'IIIT', 'GFTI']);

/** A college's name as a page or a link carries it: the name as results show it, a known variant, or its id. */
const collegeNameSchema = z
  .string({ error: 'The college name is required' })
  .trim()
  .min(1, 'The college name is required')
  .max(300, 'The college name is too long (at most 300 characters)');
const categorySchema = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(engineeringCategories).optional());
const incomeSchema = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(familyIncomeBands).optional());

/** IIT/NIT tuition set centrally (fees/tuition_policy.csv): tuition only, never the total fee. */
export const tuitionSchema = z.object({
  label: z.string(),
  perYearInr: z.number().int(),
  /** The first admission year the amount applies to. */
  fromAdmissionYear: z.number().int(),
  source: z.string(),
  fullWaiver: z.string(),
  twoThirdsWaiver: z.string(),
  note: z.string(),
  /** What the student pays, for the category and family income sent (null: neither was sent). */
  forStudent: z
    .object({
      category: z.string().nullable(),
      familyIncome: z.enum(familyIncomeBands).nullable(),
      waiver: z.enum(['full', 'two-thirds', 'none', 'depends-on-income']),
      /** Tuition payable per year; with 'depends-on-income', the amount without a waiver. */
      payableInr: z.number().int(),
      explanation: z.string(),
    })
    .nullable(),
});
export type Tuition = z.infer<typeof tuitionSchema>;

/** Where a figure comes from, and which year it describes. */
export const figureSourceSchema = z.object({ figure: z.string(), year: z.string().nullable(), source: z.string() });

/** Spec §3 College detail, plus what the data really has (type, location, NIRF, tuition, each with its year and source). */
export const collegeDetailSchema = z.object({
  /** The institute's stable id, also its URL slug (e.g. 'nit-goa'). */
  id: z.string(),
  instituteId: z.string(),
  /** Which counselling data the college comes from; NEET PG institutes can join as 'medical'. */
  stream: z.literal('engineering'),
  name: z.string(),
  collegeName: z.string(),
  shortName: z.string(),
  type: instituteTypes,
  typeLabel: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  pinCode: z.string().nullable(),
  /** 'City, State' as far as known, or 'NA'. */
  location: z.string(),
  coordinates: z.object({ latitude: z.number(), longitude: z.number(), method: z.string(), source: z.string() }).nullable(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  /** Composed from the data only. */
  about: z.string(),
  /** Programs offered in the latest JoSAA year (`programsYear`). */
  branches: z.array(z.string()),
  branchGroups: z.array(z.object({ group: z.string(), programs: z.array(z.string()) })),
  programsYear: z.number().int().nullable(),
  /** What the programs and closing ranks are judged on: 'JoSAA 2026 round 5 (round 6 not yet in our data)'; null without programs. */
  referenceLabel: z.string().nullable(),
  companies: z.array(z.string()),
  /** NIRF median salary of UG graduates, LPA as text, or 'NA'. */
  averagePackage: z.union([z.string(), NA]),
  highestPackage: z.union([z.string(), NA]),
  /** With a % sign, or 'NA'. */
  placementRate: z.union([z.string(), NA]),
  branchWiseAvgPackage: z.array(z.object({ branch: z.string(), avgPackage: z.union([z.string(), NA]) })),
  /** The graduating batch the placement figures describe, e.g. '2023-24'. */
  placementYear: z.string().nullable(),
  placementSource: z.string().nullable(),
  /** Tuition per year (IIT/NIT central rate) as '2,00,000', or 'NA'. Never a total fee. */
  instituteFee: z.union([z.string(), NA]),
  sportsFacility: z.union([z.string(), NA]),
  hostelFee: z.union([z.string(), NA]),
  messFee: z.union([z.string(), NA]),
  nirfRank: z.number().int().nullable(),
  nirfRankYear: z.number().int().nullable(),
  /** The NIRF ranking nirfRank is from ('Engineering', or another category when no Engineering edition ranks the college). */
  nirfCategory: z.string().nullable(),
  /** Every NIRF Engineering edition in the data that ranks the college. */
  nirfRanks: z.array(z.object({ year: z.number().int(), rank: z.number().int() })),
  tuition: tuitionSchema.nullable(),
  sources: z.array(figureSourceSchema),
});
export type CollegeDetail = z.infer<typeof collegeDetailSchema>;

const NAME_REQUIRED = 'instituteName is required';

export const aboutCollegeRequestSchema = z
  .object({
    instituteName: collegeNameSchema.optional(),
    /** Accepted in place of instituteName (spec §7 names it instituteName; cards carry collegeName). */
    collegeName: collegeNameSchema.optional(),
    /** The student's category and family income, for the tuition waivers. */
    category: categorySchema,
    familyIncome: incomeSchema,
  })
  .refine((v) => v.instituteName !== undefined || v.collegeName !== undefined, { path: ['instituteName'], message: NAME_REQUIRED })
  .transform(({ instituteName, collegeName, ...rest }) => ({ instituteName: (instituteName ?? collegeName)!, ...rest }));
export type AboutCollegeRequest = z.input<typeof aboutCollegeRequestSchema>;

export const aboutCollegeResponseSchema = z.object({ data: collegeDetailSchema, message: z.string() });
export type AboutCollegeResponse = z.infer<typeof aboutCollegeResponseSchema>;

/** One entry of the comparison list as the results page adds it: the result's id, its college and the program's seat. */
export const compareItemSchema = z
  .object({
    /** The result's id (engineering_reference.id); without one, the entry is its college. */
    id: z.string().trim().min(1).max(200).optional(),
    collegeName: collegeNameSchema.optional(),
    /** A result as the results page returns it works as an entry too. */
    'Institute Name': collegeNameSchema.optional(),
    instituteId: z.string().trim().max(200).optional(),
    programName: z.string().trim().max(300).optional(),
    'Academic Program Name': z.string().trim().max(300).optional(),
    quota: z.string().trim().max(20).optional(),
    seatType: z.string().trim().max(40).optional(),
    gender: z.string().trim().max(60).optional(),
  })
  .refine((v) => v.collegeName !== undefined || v['Institute Name'] !== undefined || v.instituteId !== undefined, {
    path: ['collegeName'],
    message: 'collegeName is required',
  })
  .transform(({ 'Institute Name': instituteName, 'Academic Program Name': program, ...v }) => {
    const collegeName = (v.collegeName ?? instituteName ?? v.instituteId)!;
    return { ...v, collegeName, id: v.id ?? v.instituteId ?? collegeName, programName: v.programName ?? program };
  });
/** An entry of the comparison list as sent. */
export type CompareItem = z.input<typeof compareItemSchema>;

const PIN_MESSAGE = 'PIN code must be 6 digits';

/** The compare screen's PIN code box: empty (distances from the state capital) or a 6-digit PIN code. */
export const pinCodeFormSchema = z.object({
  pinCode: z
    .string()
    .trim()
    .regex(/^([1-9]\d{5})?$/, PIN_MESSAGE),
});

export const compareRequestSchema = z.object({
  data: z.array(compareItemSchema, { error: 'data must be a list of colleges' }).min(1, 'Select at least one college').max(MAX_COMPARE, COMPARE_LIMIT_MESSAGE),
  /** Distances are from this state's capital, unless a PIN code is given. */
  homeState: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(homeStates).optional()),
  pinCode: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, PIN_MESSAGE)
      .optional(),
  ),
  category: categorySchema,
  familyIncome: incomeSchema,
});
export type CompareRequest = z.input<typeof compareRequestSchema>;

const rankRowSchema = z.object({
  counselling: z.enum(['JoSAA', 'CSAB']),
  year: z.number().int(),
  round: z.number().int(),
  /**
   * As published: a preparatory-course rank keeps its 'P' suffix (e.g. '50P'). The 2016-2024 files
   * lost the 'P': there a closing rank below its opening rank at an IIT SC, ST or PwD seat is
   * preparatory by the stated rule and gets the 'P' too (`preparatoryByRule`).
   */
  openingRank: z.string(),
  closingRank: z.string(),
  /** The 'P' comes from the stated rule for 2016-2024, not from the published file. */
  preparatoryByRule: z.boolean(),
});
export type RankRow = z.infer<typeof rankRowSchema>;

/** The compared program: its latest closing rank and the final-round closing rank of its last three years. */
export const comparedProgramSchema = z.object({
  programName: z.string(),
  quota: z.string(),
  seatType: z.string(),
  gender: z.string(),
  latest: rankRowSchema.nullable(),
  lastYears: z.array(rankRowSchema),
});

export const comparedCollegeSchema = collegeDetailSchema.extend({
  /** The comparison entry's id (as sent). */
  id: z.string(),
  /** Great-circle distance from the origin, km (one decimal), or null when either end has no position. */
  distanceKm: z.number().nullable(),
  program: comparedProgramSchema.nullable(),
});
export type ComparedCollege = z.infer<typeof comparedCollegeSchema>;

export const originSchema = z.object({
  kind: z.enum(['pin', 'capital']),
  label: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  source: z.string(),
});
export type Origin = z.infer<typeof originSchema>;

export const compareResponseSchema = z.object({
  /** Spec §7: the compared colleges, in the order sent. */
  data: z.array(comparedCollegeSchema),
  /** Where distances are measured from, or null (no home state in India and no PIN code). */
  origin: originSchema.nullable(),
  /** Why the origin is not what was asked for (a PIN code GeoNames lacks), or null. */
  originNote: z.string().nullable(),
  message: z.string(),
});
export type CompareResponse = z.infer<typeof compareResponseSchema>;

const instituteParams = z.object({ id: z.string().trim().min(1).max(200) });

/** Every seat (program × quota × seat type × pool) the institute has had in JoSAA or CSAB, by program, for the history picker. */
export const seatOptionSchema = z.object({
  quota: z.string(),
  seatType: z.string(),
  gender: z.string(),
  firstYear: z.number().int(),
  lastYear: z.number().int(),
});
export type SeatOption = z.infer<typeof seatOptionSchema>;
export const programSeatsSchema = z.object({ programName: z.string(), branchGroup: z.string(), lastYear: z.number().int(), seats: z.array(seatOptionSchema) });
export type ProgramSeats = z.infer<typeof programSeatsSchema>;
export const seatsResponseSchema = z.object({ data: z.object({ instituteId: z.string(), programs: z.array(programSeatsSchema) }) });
export type SeatsResponse = z.infer<typeof seatsResponseSchema>;

export const historyQuerySchema = z.object({
  programName: z.string().trim().min(1, 'programName is required').max(300),
  quota: z.string().trim().min(1, 'quota is required').max(20),
  seatType: z.string().trim().min(1, 'seatType is required').max(40),
  gender: z.string().trim().min(1, 'gender is required').max(60),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const historyResponseSchema = z.object({
  data: historyQuerySchema.extend({ instituteId: z.string(), rows: z.array(rankRowSchema) }),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

export const collegesEndpoints = defineEndpoints('colleges', {
  aboutCollege: {
    method: 'POST',
    path: '/college/about-college',
    summary: "A college's details: about, programs, placements, NIRF rank, location and tuition, each with its year and source",
    access: 'public',
    body: aboutCollegeRequestSchema,
    responses: { 200: aboutCollegeResponseSchema },
  },
  compare: {
    method: 'POST',
    path: '/college/compare',
    summary: 'Up to three colleges side by side, with distance, tuition and the compared program’s closing ranks',
    access: 'public',
    body: compareRequestSchema,
    responses: { 200: compareResponseSchema },
  },
  seats: {
    method: 'GET',
    path: '/college/institutes/{id}/seats',
    summary: 'Every program × quota × seat type × pool of an institute, with the years it has closing ranks',
    access: 'public',
    params: instituteParams,
    responses: { 200: seatsResponseSchema },
  },
  history: {
    method: 'GET',
    path: '/college/institutes/{id}/cutoff-history',
    summary: 'Opening and closing rank of every round of every year for one seat, as published',
    access: 'public',
    params: instituteParams,
    query: historyQuerySchema,
    responses: { 200: historyResponseSchema },
  },
});
