import { z } from 'zod';
import { DATE_PATTERN } from './bookings.ts';
import { defineEndpoints } from './endpoint.ts';
import { oneLine } from './text.ts';

/**
 * Paying counsellors (issue 24, docs/decisions 0026): where to pay them (a UPI ID or a bank account,
 * shown masked once entered), Rankwise's commission, and the admin's payout report for a period,
 * marked paid once the money has been sent outside Rankwise.
 */

export const payoutMessages = {
  saved: 'Payout details saved.',
  upi: 'Enter a UPI ID such as name@okaxis',
  ifsc: 'Enter the 11-character IFSC, such as SBIN0001234',
  account: 'Enter the account number: 9 to 18 digits',
  accountName: 'Enter the name on the account',
  noDetails: 'This counsellor has not given payout details yet.',
  nothingDue: 'Nothing is due to this counsellor for that period.',
} as const;

const upiSchema = oneLine(
  z
    .string({ error: payoutMessages.upi })
    .trim()
    .max(100, payoutMessages.upi)
    .regex(/^[A-Za-z0-9._-]{2,64}@[A-Za-z][A-Za-z0-9]{1,63}$/, payoutMessages.upi),
  'The UPI ID',
);

/** What a counsellor enters; only the last digits are ever shown back. */
export const payoutDetailsRequestSchema = z.discriminatedUnion(
  'method',
  [
    z.object({ method: z.literal('upi'), upiId: upiSchema }),
    z.object({
      method: z.literal('bank'),
      accountName: oneLine(
        z.string({ error: payoutMessages.accountName }).trim().min(2, payoutMessages.accountName).max(100, payoutMessages.accountName),
        'The name on the account',
      ),
      accountNumber: z
        .string({ error: payoutMessages.account })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{9,18}$/, payoutMessages.account)),
      ifsc: z
        .string({ error: payoutMessages.ifsc })
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, payoutMessages.ifsc),
    }),
  ],
  { error: 'Choose UPI or bank account' },
);
export type PayoutDetailsRequest = z.input<typeof payoutDetailsRequestSchema>;

/** Payout details as shown back: masked. */
export const payoutDetailsViewSchema = z.object({
  method: z.enum(['upi', 'bank']),
  /** 'ri•••@okaxis' or 'A/c ••••••1234 · SBIN0001234 · Riya Naik' */
  masked: z.string(),
  updatedAt: z.string(),
});
export type PayoutDetailsView = z.infer<typeof payoutDetailsViewSchema>;
export const payoutDetailsResponseSchema = z.object({
  data: z.object({ details: payoutDetailsViewSchema.nullable(), commissionPercent: z.number() }),
});

/** 'rahul@okaxis' -> 'ra•••@okaxis'; '123456781234' -> '••••••••1234'. */
export function maskUpi(upi: string): string {
  const [name, handle] = upi.split('@');
  return `${name.slice(0, 2)}•••@${handle}`;
}
export function maskAccount(n: string): string {
  return `${'•'.repeat(Math.max(n.length - 4, 0))}${n.slice(-4)}`;
}

/** The counsellor's share of a gross amount after Rankwise's commission (basis points), rounded to the paisa. */
export function commissionOf(grossPaise: number, basisPoints: number): { commissionPaise: number; netPaise: number } {
  const commissionPaise = Math.round((grossPaise * basisPoints) / 10_000);
  return { commissionPaise, netPaise: grossPaise - commissionPaise };
}

const periodSchema = z
  .object({
    from: z.string({ error: 'Give the first day (YYYY-MM-DD)' }).regex(DATE_PATTERN, 'Give the first day (YYYY-MM-DD)'),
    to: z.string({ error: 'Give the last day (YYYY-MM-DD)' }).regex(DATE_PATTERN, 'Give the last day (YYYY-MM-DD)'),
  })
  .refine((p) => p.from <= p.to, { path: ['to'], message: 'The last day must not be before the first' });

export const payoutReportRequestSchema = periodSchema;
export type PayoutPeriod = z.infer<typeof periodSchema>;

/** One counsellor's line of the report: what became payable in the period and is not paid yet. */
export const payoutLineSchema = z.object({
  counsellorId: z.string(),
  name: z.string(),
  email: z.string(),
  college: z.string(),
  /** Where to send it (in full: the admin pays from this), or null without details. */
  method: z.enum(['upi', 'bank']).nullable(),
  payTo: z.string().nullable(),
  sessions: z.number().int(),
  grossPaise: z.number().int(),
  commissionPaise: z.number().int(),
  netPaise: z.number().int(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutRecordSchema = z.object({
  id: z.string(),
  counsellorId: z.string(),
  name: z.string(),
  periodFrom: z.string(),
  periodTo: z.string(),
  sessions: z.number().int(),
  grossPaise: z.number().int(),
  commissionPaise: z.number().int(),
  netPaise: z.number().int(),
  reference: z.string(),
  paidAt: z.string(),
});
export type PayoutRecord = z.infer<typeof payoutRecordSchema>;

export const payoutReportResponseSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    commissionPercent: z.number(),
    /** Due and not paid yet, one line per counsellor. */
    due: z.array(payoutLineSchema),
    /** Payouts already marked paid for sessions of this period. */
    paid: z.array(payoutRecordSchema),
    /** The due lines as a CSV file (for the bank or UPI batch). */
    csv: z.object({ filename: z.string(), content: z.string() }),
  }),
});
export type PayoutReport = z.infer<typeof payoutReportResponseSchema>['data'];

export const markPaidRequestSchema = z.object({
  counsellorId: z.string({ error: 'Choose a counsellor' }).trim().min(1, 'Choose a counsellor').max(100),
  from: periodSchema.shape.from,
  to: periodSchema.shape.to,
  reference: oneLine(
    z
      .string({ error: 'Give the bank or UPI reference of the transfer' })
      .trim()
      .min(3, 'Give the bank or UPI reference of the transfer')
      .max(100, 'The reference must be at most 100 characters'),
    'The reference',
  ),
});
export type MarkPaidRequest = z.input<typeof markPaidRequestSchema>;

export const payoutEndpoints = defineEndpoints('payouts', {
  details: {
    method: 'GET',
    path: '/counselor/payout-details',
    summary: 'Counsellor: where Rankwise pays you (masked) and its commission',
    access: { role: 'counsellor' },
    responses: { 200: payoutDetailsResponseSchema },
  },
  saveDetails: {
    method: 'PUT',
    path: '/counselor/payout-details',
    summary: 'Counsellor: set your UPI ID or bank account for payouts (shown masked afterwards)',
    access: { role: 'counsellor' },
    body: payoutDetailsRequestSchema,
    responses: { 200: payoutDetailsResponseSchema },
  },
  report: {
    method: 'GET',
    path: '/admin/payouts/report',
    summary: 'Admin: what to pay each counsellor for the sessions that became payable in a period (IST days), with a CSV',
    access: { role: 'admin' },
    query: payoutReportRequestSchema,
    responses: { 200: payoutReportResponseSchema },
  },
  markPaid: {
    method: 'POST',
    path: '/admin/payouts/mark-paid',
    summary: "Admin: record that a counsellor's payout for a period was sent (with its reference); those sessions leave what is payable",
    access: { role: 'admin' },
    body: markPaidRequestSchema,
    responses: { 200: z.object({ data: payoutRecordSchema }) },
  },
});
