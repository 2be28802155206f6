import { z } from 'zod';
import { chanceBands } from './chance.ts';
import { defineEndpoints } from './endpoint.ts';
import { engineeringCategories, rankSchema } from './engineering.ts';
import { homeStates } from './reference.ts';
import { medicalCategories } from './medical.ts';

/*
 * Choice lists (issue 23, docs/decisions/0027): the ordered list a student submits to JoSAA, CSAB or
 * MCC NEET PG, what it gives as chances (the outcome model), saved lists, share links.
 */

export const counsellings = ['JoSAA', 'CSAB', 'MCC'] as const;
export type Counselling = (typeof counsellings)[number];
export const counsellingLabels: Record<Counselling, string> = { JoSAA: 'JoSAA', CSAB: 'CSAB', MCC: 'MCC NEET PG' };

/**
 * Choices a list may hold. JoSAA, CSAB and MCC set no number of their own (a candidate may fill every
 * program open to them); 1,000 is Rankwise's storage limit, above any real list.
 */
export const CHOICE_LIMIT = 1000;
/** Saved lists per account. */
export const LIST_LIMIT = 20;
export const NOTE_MAX_LENGTH = 500;
export const LIST_NAME_MAX_LENGTH = 80;

const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const plainText = (max: number, what: string) =>
  z
    .string()
    .max(max, `${what} can be at most ${max} characters`)
    .refine((v) => !CONTROL.test(v), `${what} contains characters that are not allowed`);

/** A seat id as the predictors' results give it. */
export const seatIdSchema = z.string().trim().min(1, 'A choice needs a seat id').max(200, 'Unknown seat id');

/**
 * The student the chances are for. Engineering (JoSAA, CSAB): a JoSAA list mixes IIT seats (judged on
 * the JEE Advanced ranks) and NIT, IIIT and GFTI seats (JEE Main ranks); a reserved-category student's
 * OPEN seats are judged on the common rank list (CRL) rank. CSAB judges every seat on the JEE Main
 * CRL rank (decisions, third round), given as `mainRank`. MCC NEET PG: one All India Rank.
 */
export const engineeringStudentSchema = z.object({
  category: z.enum(engineeringCategories, { error: 'Category is required' }),
  gender: z.enum(['Male', 'Female'], { error: 'Gender is required' }),
  homeState: z.enum(homeStates, { error: 'Home state is required' }),
  mainRank: rankSchema.optional(),
  mainCrlRank: rankSchema.optional(),
  advancedRank: rankSchema.optional(),
  advancedCrlRank: rankSchema.optional(),
  /** JEE Main Paper 2A (B.Arch) and 2B (B.Planning) ranks: NIT, IIIT and GFTI B.Arch and B.Planning seats are judged on them (decision 0021). */
  archRank: rankSchema.optional(),
  planningRank: rankSchema.optional(),
});
export type EngineeringStudent = z.output<typeof engineeringStudentSchema>;

export const medicalStudentSchema = z.object({
  category: z.enum(medicalCategories, { error: 'Category is required' }),
  rank: rankSchema,
});
export type MedicalStudent = z.output<typeof medicalStudentSchema>;

export const studentSchema = z.union([engineeringStudentSchema, medicalStudentSchema]);
export type Student = EngineeringStudent | MedicalStudent;

/** The student's own sort: a seat placed below one clearly better by it is pointed out. */
export const choiceSortKeys = ['rank', 'package', 'fees'] as const;

export const outcomesBodySchema = z
  .object({
    counselling: z.enum(counsellings, { error: 'Counselling must be JoSAA, CSAB or MCC' }),
    student: z.record(z.string(), z.unknown()),
    choices: z.array(seatIdSchema).max(CHOICE_LIMIT, `A list can have at most ${CHOICE_LIMIT} choices`),
    sortBy: z.enum(choiceSortKeys).optional(),
  })
  .superRefine((v, ctx) => {
    const schema = v.counselling === 'MCC' ? medicalStudentSchema : engineeringStudentSchema;
    const parsed = schema.safeParse(v.student);
    if (!parsed.success)
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['student', ...issue.path.map(String)], message: issue.message });
  });
export type OutcomesBody = z.input<typeof outcomesBodySchema>;

export const bandSchema = z.enum(chanceBands);

export const warningCodes = [
  'no-safety-net',
  'never-reached',
  'not-open',
  'unknown-seat',
  'preferred-below',
  'duplicate',
  'same-program',
  'freeze-only',
  'fee-deadline',
] as const;
export const choiceWarningSchema = z.object({
  code: z.enum(warningCodes),
  /** 1-based position the warning is about, or null for the whole list. */
  position: z.number().int().nullable(),
  /** The other position it names (the higher choice, the duplicate), or null. */
  other: z.number().int().nullable(),
  message: z.string(),
});
export type ChoiceWarning = z.infer<typeof choiceWarningSchema>;

/** A seat as the list shows and exports it: the portal's wording. */
export const choiceSeatSchema = z.object({
  id: z.string(),
  institute: z.string(),
  instituteId: z.string(),
  program: z.string(),
  quota: z.string(),
  seatType: z.string(),
  gender: z.string(),
  closingRank: z.number().int(),
  year: z.number().int(),
  round: z.number().int(),
  packageLpa: z.number().nullable(),
  feesInr: z.number().int().nullable(),
});
export type ChoiceSeat = z.infer<typeof choiceSeatSchema>;

export const choiceOutcomeSchema = z.object({
  position: z.number().int(),
  id: z.string(),
  /** null when the id is not a seat of this counselling's data. */
  seat: choiceSeatSchema.nullable(),
  /** The seat's own chance (the chance model's), null when it is not open to the student or unknown. */
  chance: z.number().nullable(),
  band: bandSchema.nullable(),
  /** The rank it is judged on. */
  rank: z.number().int().nullable(),
  /** The chance this choice is the seat the student ends with. */
  outcome: z.number(),
  /** Whole percentages of the choices and of 'no seat' add up to 100. */
  outcomePercent: z.number().int(),
});
export type ChoiceOutcome = z.infer<typeof choiceOutcomeSchema>;

export const outcomesResponseSchema = z.object({
  data: z.object({
    counselling: z.enum(counsellings),
    choices: z.array(choiceOutcomeSchema),
    none: z.number(),
    nonePercent: z.number().int(),
    warnings: z.array(choiceWarningSchema),
    method: z.object({
      /** Share of a year's movement common to all seats (measured from the chance model's backtest). */
      rho: z.number(),
      simulatedYears: z.number().int(),
      seed: z.number().int(),
      /** The data the chances are computed from: the reference year and when the model was fitted. */
      referenceYear: z.number().int(),
      dataVersion: z.string(),
    }),
  }),
});
export type OutcomesResponse = z.infer<typeof outcomesResponseSchema>;

/* Saved lists */

export const choiceItemSchema = z.object({ id: seatIdSchema, note: plainText(NOTE_MAX_LENGTH, 'A note').default('') });
export type ChoiceItem = z.output<typeof choiceItemSchema>;

const listNameSchema = plainText(LIST_NAME_MAX_LENGTH, 'The name').pipe(z.string().trim().min(1, 'Please give the list a name'));

export const createListBodySchema = z.object({
  name: listNameSchema,
  counselling: z.enum(counsellings, { error: 'Counselling must be JoSAA, CSAB or MCC' }),
  student: z.record(z.string(), z.unknown()),
  items: z.array(choiceItemSchema).max(CHOICE_LIMIT, `A list can have at most ${CHOICE_LIMIT} choices`).default([]),
});
export const updateListBodySchema = z.object({
  name: listNameSchema.optional(),
  student: z.record(z.string(), z.unknown()).optional(),
  items: z.array(choiceItemSchema).max(CHOICE_LIMIT, `A list can have at most ${CHOICE_LIMIT} choices`).optional(),
  /** The version the change was made on (a stale copy is refused with 409). */
  version: z.number().int().min(1),
});
export const listParamsSchema = z.object({ id: z.uuid('Unknown list') });
export const shareParamsSchema = z.object({ token: z.string().min(1).max(100) });

export const choiceListSchema = z.object({
  id: z.string(),
  name: z.string(),
  counselling: z.enum(counsellings),
  student: z.record(z.string(), z.unknown()),
  items: z.array(z.object({ id: z.string(), note: z.string() })),
  version: z.number().int(),
  /** The share link's token while the list is shared (owner only; null otherwise). */
  shareToken: z.string().nullable(),
  updatedAt: z.string(),
});
export type ChoiceList = z.infer<typeof choiceListSchema>;
export const choiceListSummarySchema = choiceListSchema.omit({ items: true, student: true }).extend({ choices: z.number().int() });

export const addChoiceBodySchema = z
  .object({
    counselling: z.enum(counsellings, { error: 'Counselling must be JoSAA, CSAB or MCC' }),
    /** A predictor result's id; or, from a college page, `seat`: the institute's program, quota, seat type and pool (JoSAA, CSAB). */
    seatId: seatIdSchema.optional(),
    seat: z
      .object({
        instituteId: z.string().min(1).max(200),
        programName: z.string().min(1).max(300),
        quota: z.string().min(1).max(20),
        seatType: z.string().min(1).max(40),
        gender: z.string().min(1).max(80),
      })
      .optional(),
    /**
     * The student of the results the seat was added from: a new list is made for it when the student has
     * none of this counselling. Without it (a college page, compare) the seat joins the latest list.
     */
    student: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((b) => (b.seatId === undefined) !== (b.seat === undefined), { message: 'Give the seat to add', path: ['seatId'] });

export const catalogueQuerySchema = z.object({
  counselling: z.enum(counsellings, { error: 'Counselling must be JoSAA, CSAB or MCC' }),
  q: plainText(100, 'The search').default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  /** Engineering: the category and pool whose seats to list (the student's); MCC: the category. */
  category: z.string().max(40).optional(),
  gender: z.enum(['Male', 'Female']).optional(),
  homeState: z.enum(homeStates).optional(),
});
export const CATALOGUE_PAGE_SIZE = 30;

export const sharedListSchema = choiceListSchema.omit({ shareToken: true, version: true }).extend({ owner: z.string() });

const listBodyBase = {
  counselling: z.enum(counsellings, { error: 'Counselling must be JoSAA, CSAB or MCC' }),
  student: z.record(z.string(), z.unknown()),
  choices: z.array(seatIdSchema).max(CHOICE_LIMIT, `A list can have at most ${CHOICE_LIMIT} choices`),
};
export const rehearseBodySchema = z.object({
  ...listBodyBase,
  /**
   * A JoSAA list only: the student's CSAB list (its own student and choices), rehearsed after JoSAA's
   * last round. Without it the season ends with JoSAA (docs/decisions/0027, "CSAB after JoSAA").
   */
  csab: z
    .object({
      student: z.record(z.string(), z.unknown()),
      choices: z.array(seatIdSchema).max(CHOICE_LIMIT, `A list can have at most ${CHOICE_LIMIT} choices`),
    })
    .optional(),
});
const strategyOutcome = z.object({ final: z.array(z.number()), none: z.number() });
/** Positions are 1-based; null: no seat held. */
const pathSchema = z.array(z.number().int().nullable());
const seasonEndSchema = z.object({ list: z.enum(['JoSAA', 'CSAB']), choice: z.number().int(), replaced: z.boolean() }).nullable();
const chainPath = z.object({
  josaa: z.number().int().nullable(),
  /** null: enters CSAB; otherwise why the rehearsal does not. */
  notEntered: z.string().nullable(),
  csab: pathSchema,
  end: seasonEndSchema,
});
const chainOutcome = z.object({ josaa: z.number(), csab: z.array(z.number()), replaced: z.number(), none: z.number() });
export const rehearseResponseSchema = z.object({
  data: z.object({
    counselling: z.enum(counsellings),
    referenceYear: z.number().int(),
    rounds: z.array(z.number().int()),
    /** The mock allotment on the reference year's published rounds: the choice held after each round. */
    reference: z.object({ float: pathSchema, slide: pathSchema, freeze: pathSchema }),
    /** The rounds on simulated years (the outcome model's common shock). */
    simulated: z.object({
      years: z.number().int(),
      float: strategyOutcome,
      slide: strategyOutcome,
      freeze: strategyOutcome,
      /** Under float: the chance of holding some seat after each round. */
      holding: z.array(z.number()),
      /** The chance that floating ends on a higher choice than the first seat allotted. */
      floatGains: z.number(),
    }),
    /**
     * JoSAA lists: the season after JoSAA's last round, CSAB's special rounds on the student's CSAB
     * list (null for CSAB and MCC lists). `csabList` false: no CSAB list was given, the JoSAA seat is final.
     */
    afterJosaa: z
      .object({
        csabList: z.boolean(),
        /** CSAB's latest year in the data (its rounds are rehearsed on it); null without a CSAB list. */
        csabYear: z.number().int().nullable(),
        csabRounds: z.array(z.number().int()),
        /** Per JoSAA strategy, on the reference years: the JoSAA choice held, whether CSAB is entered (or why not), the CSAB choice after each CSAB round, and the end. */
        reference: z.object({ float: chainPath, slide: chainPath, freeze: chainPath }),
        /** Per JoSAA strategy, on simulated years (one common shock for JoSAA and CSAB): how the season ends. */
        simulated: z.object({ float: chainOutcome, slide: chainOutcome, freeze: chainOutcome }).nullable(),
        notes: z.array(z.string()),
      })
      .nullable(),
  }),
});
export type RehearseResponse = z.infer<typeof rehearseResponseSchema>;

export const adviceBodySchema = z.object({
  ...listBodyBase,
  round: z
    .number({ error: 'Enter the round you were allotted in' })
    .int('Enter the round you were allotted in')
    .min(1, 'Rounds start at 1')
    .max(10, 'Counselling has at most 10 rounds'),
  heldChoice: z
    .number({ error: 'Enter the choice number you were allotted' })
    .int('Enter the choice number you were allotted')
    .min(1, 'Choice numbers start at 1'),
});
const roundBacktestRow = z.object({
  year: z.number().int(),
  trainYears: z.array(z.number().int()),
  round: z.number().int(),
  points: z.number().int(),
  roundModel: z.number(),
  roundIsFinal: z.number(),
});
export const adviceResponseSchema = z.object({
  data: z.object({
    round: z.number().int(),
    heldChoice: z.number().int(),
    recommendation: z.enum(['float', 'slide', 'freeze']),
    reason: z.string(),
    /** Chance that some higher choice is reached by the last round; the same within the held institute. */
    up: z.number(),
    upSameInstitute: z.number(),
    /** Every higher choice: its round-k closing rank this year and the chance it is reached by the last round. */
    higher: z.array(z.object({ position: z.number().int(), closingRank: z.number().int().nullable(), chance: z.number().nullable() })),
    /** The past years the round-k movement was learnt from. */
    model: z.object({
      counselling: z.enum(['JoSAA', 'CSAB']),
      years: z.array(z.number().int()),
      moves: z.number().int(),
      currentYear: z.number().int(),
      /** CSAB: the round-k model's own backtest for this round (JoSAA's is on /methodology). */
      backtest: z.array(roundBacktestRow),
    }),
  }),
});
export type AdviceResponse = z.infer<typeof adviceResponseSchema>;

const brierTriple = z.object({ model: z.number(), independent: z.number(), lastYear: z.number() });
const outcomeRow = z.object({
  students: z.number().int(),
  brier: brierTriple,
  none: z.object({ predicted: z.number(), independent: z.number(), observed: z.number() }),
  logScore: z.object({ model: z.number(), independent: z.number() }),
});
/** The backtests of the outcome model and of the round-k advice (docs/decisions/0027), as the import stored them. */
export const choiceBacktestsSchema = z.object({
  data: z.object({
    computedAt: z.string().nullable(),
    /** True while a first start computes them in the background (they are then null, or the previous data's). */
    computing: z.boolean(),
    /** CSAB's own round-k backtest (each CSAB year from the ones before it), computed from the database. */
    csabRounds: z.array(roundBacktestRow),
    outcomes: z
      .object({
        years: z.array(outcomeRow.extend({ year: z.number().int(), rho: z.number() })),
        total: outcomeRow,
        noneBins: z.array(z.object({ from: z.number(), to: z.number(), n: z.number().int(), predicted: z.number(), observed: z.number() })),
      })
      .nullable(),
    rounds: z
      .object({
        rounds: z.array(
          z.object({
            year: z.number().int(),
            round: z.number().int(),
            points: z.number().int(),
            brier: z.object({ roundModel: z.number(), lastYear: z.number(), roundIsFinal: z.number() }),
          }),
        ),
        round1: z.object({ points: z.number().int(), roundModel: z.number(), lastYear: z.number(), roundIsFinal: z.number() }),
        advice: z.array(
          z.object({
            year: z.number().int(),
            students: z.number().int(),
            advice: z.object({ float: z.number().int(), slide: z.number().int(), freeze: z.number().int() }),
            keptOrImprovedAsFloat: z.number().int(),
            improved: z.object({ advice: z.number().int(), float: z.number().int() }),
          }),
        ),
      })
      .nullable(),
  }),
});
export type ChoiceBacktests = z.infer<typeof choiceBacktestsSchema>;

export const choiceEndpoints = defineEndpoints('choices', {
  outcomes: {
    method: 'POST',
    path: '/choices/outcomes',
    summary: 'For a student and an ordered list of seats: the chance each choice is the final seat and of no seat, and the warnings (docs/decisions/0027)',
    access: 'optional',
    body: outcomesBodySchema,
    responses: { 200: outcomesResponseSchema },
  },
  catalogue: {
    method: 'GET',
    path: '/choices/catalogue',
    summary: "Every seat of the counselling open to the student's category and pool, in a neutral order (institute, program, quota, seat type)",
    access: 'user',
    query: catalogueQuerySchema,
    responses: {
      200: z.object({ data: z.object({ seats: z.array(choiceSeatSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }) }),
    },
  },
  lists: {
    method: 'GET',
    path: '/choices/lists',
    summary: "The student's saved choice lists",
    access: 'user',
    responses: { 200: z.object({ data: z.array(choiceListSummarySchema) }) },
  },
  create: {
    method: 'POST',
    path: '/choices/lists',
    summary: 'A new named choice list',
    access: 'user',
    body: createListBodySchema,
    responses: { 201: z.object({ data: choiceListSchema }) },
  },
  get: {
    method: 'GET',
    path: '/choices/lists/{id}',
    summary: 'One saved list with its choices and notes',
    access: 'user',
    params: listParamsSchema,
    responses: { 200: z.object({ data: choiceListSchema }) },
  },
  update: {
    method: 'PUT',
    path: '/choices/lists/{id}',
    summary: 'Renames a list, changes its student or saves its choices in their new order (409 when saved meanwhile elsewhere)',
    access: 'user',
    params: listParamsSchema,
    body: updateListBodySchema,
    responses: { 200: z.object({ data: choiceListSchema }) },
  },
  remove: {
    method: 'DELETE',
    path: '/choices/lists/{id}',
    summary: 'Deletes a list',
    access: 'user',
    params: listParamsSchema,
    responses: { 200: z.object({ message: z.string() }) },
  },
  add: {
    method: 'POST',
    path: '/choices/add',
    summary: "Adds a seat at the end of the student's latest list of that counselling (made when there is none)",
    access: 'user',
    body: addChoiceBodySchema,
    responses: { 200: z.object({ data: z.object({ listId: z.string(), name: z.string(), position: z.number().int(), added: z.boolean() }) }) },
  },
  share: {
    method: 'POST',
    path: '/choices/lists/{id}/share',
    summary: 'Turns on the read-only share link (the same token until revoked)',
    access: 'user',
    params: listParamsSchema,
    responses: { 200: z.object({ data: z.object({ token: z.string() }) }) },
  },
  unshare: {
    method: 'DELETE',
    path: '/choices/lists/{id}/share',
    summary: 'Revokes the share link',
    access: 'user',
    params: listParamsSchema,
    responses: { 200: z.object({ message: z.string() }) },
  },
  shared: {
    method: 'GET',
    path: '/choices/shared/{token}',
    summary: 'A shared list, read-only, without an account',
    access: 'public',
    params: shareParamsSchema,
    responses: { 200: z.object({ data: sharedListSchema }) },
  },
  rehearse: {
    method: 'POST',
    path: '/choices/rehearse',
    summary: 'Rehearses the rounds: a mock allotment on the reference year and on simulated years, under float, slide and freeze',
    access: 'optional',
    body: rehearseBodySchema,
    responses: { 200: rehearseResponseSchema },
  },
  advice: {
    method: 'POST',
    path: '/choices/advice',
    summary: 'In-season advice: from the seat held after round k, the chance each higher choice is reached by the last round, and freeze, float or slide',
    access: 'optional',
    body: adviceBodySchema,
    responses: { 200: adviceResponseSchema },
  },
  backtests: {
    method: 'GET',
    path: '/choices/backtests',
    summary: 'The backtests of the outcome model and of the round-k advice, as the import stored them (/methodology)',
    access: 'public',
    responses: { 200: choiceBacktestsSchema },
  },
  sessionLists: {
    method: 'GET',
    path: '/choices/sessions/{bookingId}',
    summary: 'The lists a student has shared, for the counsellor of a booked session with them',
    access: { role: 'counsellor' },
    params: z.object({ bookingId: z.uuid('Unknown session') }),
    responses: { 200: z.object({ data: z.array(sharedListSchema.extend({ token: z.string() })) }) },
  },
});
