import { z } from 'zod';
import { chanceFieldsSchema, includeReachSchema } from './chance.ts';
import { defineEndpoints } from './endpoint.ts';
import { pageSchema, pagedResponseSchema, rankSchema } from './engineering.ts';

/** Spec §2 medical form lists. */
export const medicalCategories = ['General', 'EWS', 'SC', 'OBC', 'ST', 'General PwD', 'OBC PwD', 'SC PwD', 'EWS PwD', 'ST PwD'] as const;
export const medicalQuotas = [
  'All India',
  'IP University Quota',
  'Delhi University Quota',
  'DNB Quota',
  'Banaras Hindu University',
  'Aligarh Muslim University',
  'Management/Paid Seats Quota',
  'Non-Resident Indian',
  'Jain Minority Quota',
  'Muslim Minority Quota',
  'Armed Forces Medical',
] as const;
/** The spec's sort keys, plus 'chance' (highest chance of admission first, docs/decisions/0014). */
export const medicalSortKeys = ['rank', 'fees', 'college', 'course', 'chance'] as const;
export type MedicalSort = (typeof medicalSortKeys)[number];
/** The sort menu, in the order shown (a label for every key). */
export const medicalSortOptions: { value: MedicalSort; label: string }[] = [
  { value: 'rank', label: 'Closing rank' },
  { value: 'fees', label: 'Fees' },
  { value: 'college', label: 'College' },
  { value: 'course', label: 'Course' },
  { value: 'chance', label: 'Chance of admission' },
];
export const MEDICAL_PAGE_SIZE_SUBMIT = 10;
export const MEDICAL_PAGE_SIZE_FETCH = 30;

export const medicalPreferencesSchema = z.object({
  rank: rankSchema,
  category: z.enum(medicalCategories, { error: 'Category is required' }),
  quota: z.enum(medicalQuotas, { error: 'Quota is required' }),
  courses: z.array(z.string().trim().min(1).max(200)).max(300).default([]),
  examType: z.literal('NEET').default('NEET'),
  page: pageSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(MEDICAL_PAGE_SIZE_FETCH),
  sortBy: z.enum(medicalSortKeys).default('rank'),
  /** Also list Reach seats: closing rank below the student's rank, chance at least 15% (default false: the spec's list). */
  includeReach: includeReachSchema,
  searchQuery: z.string().trim().max(100, 'searchQuery must be at most 100 characters').default(''),
});
export type MedicalPreferencesInput = z.input<typeof medicalPreferencesSchema>;
export type MedicalPreferences = z.output<typeof medicalPreferencesSchema>;

const NA = z.literal('NA');

export const medicalCollegeSchema = z
  .object({
    id: z.string(),
    /** The institute's clean display name (not MCC's raw upper-case "name, address" string, which search still matches). */
    'Allotted Institute': z.string(),
    collegeName: z.string(),
    /** Where the institute is: 'town, state' (the town from its PIN code's district), or the state alone; 'NA' if neither is known. */
    Location: z.union([z.string(), NA]),
    /** The state named by the institute's allotment address (docs/decisions/0005), as the form's home states spell it. */
    State: z.union([z.string(), NA]),
    Course: z.string(),
    'Allotted Quota': z.string(),
    'Alloted Category': z.string(),
    /** Always 'NA': no NEET PG data set records the candidate's category, only the seat's ('Alloted Category'). Cards do not show it. */
    'Candidate Category': z.string(),
    /** The closing rank of the seat in the reference round. */
    Rank: z.number().int(),
    'Opening Rank': z.number().int(),
    /** Annual fee as written, comma-grouped, or 'NA'. */
    Fees: z.union([z.string(), NA]),
    'Annual Fee': z.union([z.string(), NA]),
    bondYears: z.number().nullable(),
    bondPenalty: z.union([z.string(), NA]),
    imageUrl: z.string().nullable(),
    /** The NEET PG year and the last MCC round ('R3') the ranks are based on (rounds R1 to it). */
    year: z.number().int(),
    round: z.string(),
    instituteId: z.string(),
    /** MD, MS, MD/MS, DNB, Diploma, DNB Diploma, MCh or MPH. */
    degree: z.string(),
    /** What the seat is judged on: counselling, year and rounds ('MCC NEET PG 2025 rounds 1-3'). */
    referenceLabel: z.string(),
    /**
     * When the reference year gives only each round's AIR range (2025) and the closing rank may be
     * one stray allotment (docs/decisions/0014): why, in one sentence; else null.
     */
    closingRankNote: z.string().nullable(),
  })
  .extend(chanceFieldsSchema.shape);
export type MedicalCollege = z.infer<typeof medicalCollegeSchema>;

export const medicalResultsResponseSchema = pagedResponseSchema(medicalCollegeSchema);
export type MedicalResultsResponse = z.infer<typeof medicalResultsResponseSchema>;

export const medicalCourseCatalogSchema = z.object({
  data: z.object({
    groups: z.array(z.object({ degree: z.string(), courses: z.array(z.string()) })),
  }),
});
export type MedicalCourseCatalog = z.infer<typeof medicalCourseCatalogSchema>;

export const medicalEndpoints = defineEndpoints('medical', {
  preferences: {
    method: 'POST',
    path: '/medical-college/preferences',
    summary: 'NEET PG seats (MCC All India counselling) a rank can reach',
    access: 'optional',
    body: medicalPreferencesSchema,
    responses: { 200: medicalResultsResponseSchema },
  },
  courses: {
    method: 'GET',
    path: '/medical-college/courses',
    summary: 'The course catalogue of the NEET PG form, grouped by degree',
    access: 'public',
    responses: { 200: medicalCourseCatalogSchema },
  },
});
