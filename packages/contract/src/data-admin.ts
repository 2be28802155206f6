import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/** Adding a published round without a code change (issue 22 item 5): what an operator sees at /admin/data. */
export const counsellings = ['JoSAA', 'CSAB', 'MCC'] as const;

export const addedRoundSchema = z.object({
  file: z.string(),
  counselling: z.enum(counsellings),
  year: z.number().int(),
  round: z.number().int(),
  sha256: z.string(),
  rows: z.number().int(),
  addedBy: z.string(),
  addedAt: z.string(),
});
export type AddedRoundView = z.infer<typeof addedRoundSchema>;

export const roundDiffSchema = z.object({
  previous: z.object({ year: z.number().int(), round: z.number().int(), rows: z.number().int() }).nullable(),
  rows: z.number().int(),
  seatsAdded: z.number().int(),
  seatsRemoved: z.number().int(),
  compared: z.number().int(),
  medianMovePercent: z.number().nullable(),
  largestMoves: z.array(z.object({ seat: z.string(), from: z.number().int(), to: z.number().int(), percent: z.number() })),
  newInstitutes: z.array(z.string()),
  newPrograms: z.number().int(),
});
export type RoundDiffView = z.infer<typeof roundDiffSchema>;

export const addRoundQuerySchema = z.object({
  counselling: z.enum(counsellings, { error: 'counselling must be JoSAA, CSAB or MCC' }),
  year: z.coerce
    .number({ error: 'year must be a number' })
    .int('year must be a whole number')
    .min(2016, 'year must be 2016 or later')
    .max(2100, 'year must be 2100 or earlier'),
  round: z.coerce
    .number({ error: 'round must be a number' })
    .int('round must be a whole number')
    .min(1, 'round must be 1 to 10')
    .max(10, 'round must be 1 to 10'),
  /** true: check and show the difference only; nothing is imported. */
  check: z.enum(['true', 'false']).optional(),
});
export type AddRoundQuery = z.input<typeof addRoundQuerySchema>;

export const addRoundResponseSchema = z.object({
  data: z.object({
    status: z.enum(['checked', 'live']),
    diff: roundDiffSchema,
    /** Live: the kept file's checksum and how long it took to go live (ms). */
    sha256: z.string().nullable(),
    ms: z.number().nullable(),
  }),
  message: z.string(),
});
export type AddRoundResponse = z.infer<typeof addRoundResponseSchema>;

export const addedRoundsResponseSchema = z.object({ data: z.array(addedRoundSchema) });

/** The largest round file accepted (JoSAA's rounds are about 2 MB). */
export const ROUND_FILE_MAX_BYTES = 20 * 1024 * 1024;

export const dataAdminEndpoints = defineEndpoints('data-admin', {
  addedRounds: {
    method: 'GET',
    path: '/admin/data/rounds',
    summary: 'Admin: the rounds added by operators (file, checksum, who and when)',
    access: { role: 'admin' },
    responses: { 200: addedRoundsResponseSchema },
  },
  addRound: {
    method: 'PUT',
    path: '/admin/data/rounds',
    summary:
      'Admin: add one published round, the CSV file as the body (JoSAA/CSAB OR-CR columns). Checked first: a bad file is refused (400) with every problem in fieldErrors.file; with check=true only the difference against the previous round is returned; else it goes live',
    access: { role: 'admin' },
    query: addRoundQuerySchema,
    responses: { 200: addRoundResponseSchema },
  },
});
