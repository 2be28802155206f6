import { z } from 'zod';
import { chanceFieldsSchema, includeReachSchema } from './chance.ts';
import { defineEndpoints } from './endpoint.ts';
import { homeStates } from './reference.ts';

/** The 18 branch groups of the engineering form; every program belongs to exactly one. */
export const branchGroups = [
  'Computer Science & IT',
  'AI & Data Science',
  'Mathematics & Computing',
  'Electronics & Communication',
  'Electrical & Electronics',
  'Instrumentation & Control',
  'Mechanical',
  'Production & Industrial',
  'Civil',
  'Chemical',
  'Metallurgy & Materials',
  'Aerospace',
  'Biotechnology & Biomedical',
  'Engineering Physics',
  'Mining & Geology',
  'Architecture & Planning',
  'Sciences & Economics',
  'Other',
] as const;
export type BranchGroup = (typeof branchGroups)[number];

/**
 * Categories of the engineering form. The spec lists eight; OPEN(PWD) and EWS(PWD) are real JoSAA
 * seat types too, so they are accepted (docs/decisions/0003-engineering-reference-round.md).
 */
export const engineeringCategories = ['OPEN', 'OPEN(PWD)', 'EWS', 'EWS(PWD)', 'OBC-NCL', 'OBC-NCL(PWD)', 'SC', 'SC(PWD)', 'ST', 'ST(PWD)'] as const;
export type EngineeringCategory = (typeof engineeringCategories)[number];

/** The exam, spelled one way inside the product (form, URL, server): 'MAINS' for JEE Main, 'IIT' for JEE Advanced, 'CSAB'. */
export const examTypes = ['MAINS', 'IIT', 'CSAB'] as const;
export type ExamType = (typeof examTypes)[number];
/** Spec §3/§7's API spells JEE Main ''; a client written against it keeps working: '' is read as 'MAINS' here, the one place. */
const examTypeSchema = z.enum(['', ...examTypes], { error: 'Exam type is required' }).transform((v): ExamType => (v === '' ? 'MAINS' : v));
/** The spec's sort keys, plus 'chance' (highest chance of admission first, docs/decisions/0014). */
export const engineeringSortKeys = ['rank', 'package', 'fees', 'program', 'college', 'chance'] as const;
export type EngineeringSort = (typeof engineeringSortKeys)[number];
/** The sort menu, in the order shown (a label for every key). */
export const engineeringSortOptions: { value: EngineeringSort; label: string }[] = [
  { value: 'rank', label: 'Closing rank' },
  { value: 'package', label: 'Package' },
  { value: 'fees', label: 'Fees' },
  { value: 'program', label: 'Program' },
  { value: 'college', label: 'College' },
  { value: 'chance', label: 'Chance of admission' },
];
export const ENGINEERING_PAGE_SIZE = 35;

export const rankMessages = {
  required: 'Rank is required',
  invalid: 'Please enter a valid positive integer',
} as const;

/** Digits as people write them: plain, Indian grouping ('1,50,000') or international ('150,000'). */
const RANK_TEXT = /^(?:\d+|\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3})$/;

/** The number a rank box's text stands for ('15,000' is 15000), or null when it is not digits as people group them. */
export function rankFromText(text: string): number | null {
  const t = text.trim();
  return RANK_TEXT.test(t) ? Number(t.replaceAll(',', '')) : null;
}

/** A rank as typed: a number, or digits with or without digit grouping ('15,000'), positive. */
export const rankSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (rankFromText(v) ?? v) : v),
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === '' ? rankMessages.required : rankMessages.invalid) })
    .int(rankMessages.invalid)
    .positive(rankMessages.invalid)
    .max(10_000_000, rankMessages.invalid),
);

/** 'Yes' / 'No' (any case) or a boolean; defaults to Yes. */
export const yesNoSchema = z
  .union([
    z.boolean(),
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(['yes', 'no', 'true', 'false'])),
  ])
  .optional()
  .transform((v) => (v === undefined ? true : v === true || v === 'yes' || v === 'true'));

export const pageSchema = z.coerce.number().int().min(1, 'page must be a positive integer').max(100_000).default(1);

export const engineeringPreferencesSchema = z
  .object({
    rank: rankSchema,
    /**
     * JoSAA: optional common-rank-list rank of a reserved-category student, to match OPEN seats too.
     * CSAB: no role (`rank` is the CRL rank there; docs/decisions/0011-csab-category.md).
     */
    crlRank: z.preprocess((v) => (v === '' || v === null ? undefined : v), rankSchema.optional()),
    /**
     * Optional JEE Main Paper 2A (B.Arch) and Paper 2B (B.Planning) ranks, with `rank`'s category
     * meaning (the category rank for the category's seats; for CSAB the CRL rank). B.Arch and
     * B.Planning seats at NITs, IIITs and GFTIs are listed only against them (docs/decisions/0021).
     */
    archRank: z.preprocess((v) => (v === '' || v === null ? undefined : v), rankSchema.optional()),
    planningRank: z.preprocess((v) => (v === '' || v === null ? undefined : v), rankSchema.optional()),
    examType: examTypeSchema,
    /** Required for JEE Main and JEE Advanced; optional for CSAB, where it defaults to OPEN (docs/decisions/0011-csab-category.md). */
    seatType: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(engineeringCategories, { error: 'Category is required' }).optional()),
    gender: z.enum(['Male', 'Female'], { error: 'Gender is required' }),
    homeState: z.enum(homeStates, { error: 'Home state is required' }),
    branch: z.array(z.enum(branchGroups)).max(18).default([]),
    /** Accepted as the spec asks, but no data set has facilities yet: they do not change results. */
    sportsFacility: yesNoSchema,
    hostelFacility: yesNoSchema,
    messFacility: yesNoSchema,
    page: pageSchema,
    pageSize: z.coerce.number().int().min(1).max(100).default(ENGINEERING_PAGE_SIZE),
    sortBy: z.enum(engineeringSortKeys).default('rank'),
    /** Also list Reach seats: closing rank below the student's rank, chance at least 15% (default false: the spec's list). */
    includeReach: includeReachSchema,
    searchQuery: z.string().trim().max(100, 'searchQuery must be at most 100 characters').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.examType !== 'CSAB' && v.seatType === undefined) {
      ctx.addIssue({ code: 'custom', path: ['seatType'], message: 'Category is required' });
    }
  });
export type EngineeringPreferencesInput = z.input<typeof engineeringPreferencesSchema>;
export type EngineeringPreferences = z.output<typeof engineeringPreferencesSchema>;

const NA = z.literal('NA');

export const engineeringCollegeSchema = z
  .object({
    id: z.string(),
    'Institute Name': z.string(),
    collegeName: z.string(),
    'Academic Program Name': z.string(),
    programName: z.string(),
    'Opening Rank': z.number().int(),
    'Closing Rank': z.number().int(),
    /**
     * Tuition per year, comma-grouped in Indian format ('2,00,000'): the central IIT or NIT
     * undergraduate tuition (fees/tuition_policy.csv), never the total fee. 'NA' for IIITs, GFTIs
     * and IIEST, whose fees are not in the data.
     */
    'Institute Fee (INR)': z.union([z.string(), NA]),
    /** The first admission year the tuition applies to (2016), or null with 'NA'. */
    tuitionFromYear: z.number().int().nullable(),
    /** NIRF median package in LPA, or 'NA'. */
    'Average Package(LPA)': z.union([z.number(), NA]),
    /** The graduating batch the placement figures describe ('2023-24'); null exactly when the package is 'NA'. */
    placementYear: z.string().nullable(),
    imageUrl: z.string().nullable(),
    instituteId: z.string(),
    instituteType: z.enum(['IIT', 'NIT', 'IIIT', 'GFTI']),
    state: z.string().nullable(),
    nirfRank: z.number().int().nullable(),
    /** The NIRF edition (year) of nirfRank; null exactly when nirfRank is. */
    nirfRankYear: z.number().int().nullable(),
    /** The NIRF ranking nirfRank is from: 'Engineering', or another category (e.g. 'Architecture and Planning') for an institute no Engineering edition ranks; null exactly when nirfRank is. */
    nirfCategory: z.string().nullable(),
    branchGroup: z.enum(branchGroups),
    quota: z.string(),
    seatType: z.string(),
    gender: z.string(),
    year: z.number().int(),
    round: z.number().int(),
    /** Which counselling the closing rank comes from. */
    basis: z.enum(['JoSAA', 'CSAB']),
    /** What the seat is judged on, in words: 'JoSAA 2026 round 5 (round 6 not yet in our data)', 'CSAB 2025 round 3'. */
    referenceLabel: z.string(),
    /**
     * What else the seat asks of the student, or null: an IIT B.Arch seat is open only to those who
     * pass the Architecture Aptitude Test.
     */
    requires: z.string().nullable(),
    /** Which of the student's ranks matched this row (the category rank, the CRL rank, or a Paper 2 rank). */
    matchedOn: z.enum(['rank', 'crlRank', 'archRank', 'planningRank']),
  })
  .extend(chanceFieldsSchema.shape);
export type EngineeringCollege = z.infer<typeof engineeringCollegeSchema>;

export function pagedResponseSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.object({
      colleges: z.array(item),
      currentPage: z.number().int(),
      totalDocuments: z.number().int(),
      totalPages: z.number().int(),
      /** What the results are judged on, for the header: 'JoSAA 2026 round 5 (round 6 not yet in our data)', 'MCC NEET PG 2024 rounds 1-3'. */
      referenceLabel: z.string().optional(),
    }),
    message: z.string().optional(),
  });
}

export const engineeringResultsResponseSchema = pagedResponseSchema(engineeringCollegeSchema);
export type EngineeringResultsResponse = z.infer<typeof engineeringResultsResponseSchema>;

export const SUBMISSION_LIMIT_MESSAGE = 'Max submissions limit per user Breached';

export const engineeringEndpoints = defineEndpoints('engineering', {
  preferences: {
    method: 'POST',
    path: '/college/preferences',
    summary: 'Engineering programs a JEE Main / JEE Advanced / CSAB rank can reach',
    access: 'optional',
    body: engineeringPreferencesSchema,
    responses: { 200: engineeringResultsResponseSchema },
  },
});
