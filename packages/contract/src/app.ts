import { z } from 'zod';
import { oneLine } from './text.ts';
import { defineEndpoints } from './endpoint.ts';

/**
 * `degraded` when the database or Redis does not answer within 1.5 s. Without the database the
 * service cannot work (answered with 503); without Redis it works with each instance counting its
 * own limits (200). `redis` is there only when REDIS_URL is set.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    ok: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  redis: z.object({ ok: z.boolean(), latencyMs: z.number().nullable() }).optional(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Spec §5 contact form rules, the same on the server and in the form. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const indianPhonePattern = /^(?:\+91[\s-]?)?(?:0|91)?[6-9]\d{9}$/;

/** An e-mail address as every form takes it (spec §5): required, then a basic address pattern. */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { message: 'Email is required', abort: true })
  .max(254, 'Please enter a valid email address')
  .regex(emailPattern, 'Please enter a valid email address');

export const contactRequestSchema = z.object({
  name: oneLine(z.string({ error: 'Name is required' }).trim().min(1, { message: 'Name is required', abort: true }).max(200, 'Name is too long'), 'Name'),
  email: emailField,
  phone: z
    .string({ error: 'Phone number is required' })
    .trim()
    .min(1, { message: 'Phone number is required', abort: true })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(indianPhonePattern, 'Please enter a valid Indian phone number')),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, { message: 'Message is required', abort: true })
    .min(10, 'Message must be at least 10 characters long')
    .max(5000, 'Message must be at most 5000 characters long'),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** Configuration the web app reads at run time (names, addresses, which sign-ins are on). */
export const publicConfigSchema = z.object({
  productName: z.string(),
  companyLegalName: z.string(),
  supportEmail: z.string(),
  /** Google sign-in: the provider's authorization endpoint and client id, or null when off. */
  google: z.object({ authorizationUrl: z.string(), clientId: z.string() }).nullable(),
  /** Cashfree checkout: its mode, the Cashfree.js script to load, and whether payments are tests (no real money). */
  payments: z.object({ mode: z.enum(['sandbox', 'production']), sdkUrl: z.string(), testPayments: z.boolean() }),
  /**
   * A real price offer and its last day (IST, 'YYYY-MM-DD'), while it runs; null otherwise. Only
   * then does the booking modal strike the list price (issue 24: no false urgency).
   */
  priceOffer: z.object({ endsOn: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** Help Center form (DECISIONS.md: stored and acknowledged). */
export const helpRequestSchema = z.object({
  email: emailField,
  feedback: z
    .string({ error: 'Please describe what you need help with' })
    .trim()
    .min(1, 'Please describe what you need help with')
    .max(5000, 'Please keep it under 5000 characters'),
});
export type HelpRequest = z.input<typeof helpRequestSchema>;

const rating = z.coerce
  .number({ error: 'Please choose a rating from 1 to 5' })
  .int()
  .min(1, 'Please choose a rating from 1 to 5')
  .max(5, 'Please choose a rating from 1 to 5');

export const FEEDBACK_EMPTY_MESSAGE = 'Please rate at least one item or write your feedback';

/**
 * Feedback form: three ratings and a comment, each optional, but not all left empty
 * (DECISIONS.md: stored and acknowledged; an empty form is not thanked).
 */
export const feedbackRequestSchema = z
  .object({
    overallExperience: rating.nullish(),
    easeOfUse: rating.nullish(),
    performance: rating.nullish(),
    feedback: z.string().trim().max(5000, 'Please keep it under 5000 characters').default(''),
  })
  .refine((f) => f.overallExperience != null || f.easeOfUse != null || f.performance != null || f.feedback !== '', {
    path: ['feedback'],
    message: FEEDBACK_EMPTY_MESSAGE,
  });
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const CONTACT_SUCCESS_MESSAGE = 'Message sent successfully! We will get back to you soon.';
export const CONTACT_FAILURE_MESSAGE = 'Failed to send message. Please try again later.';

export const appEndpoints = defineEndpoints('app', {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Service and database state',
    access: 'public',
    responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  },
  config: {
    method: 'GET',
    path: '/app/config',
    summary: 'Public configuration for the web app',
    access: 'public',
    responses: { 200: publicConfigSchema },
  },
  contact: {
    method: 'POST',
    path: '/app/contact',
    summary: 'Contact form',
    access: 'public',
    body: contactRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  help: {
    method: 'POST',
    path: '/app/help',
    summary: 'Help Center form',
    access: 'public',
    body: helpRequestSchema,
    responses: { 200: messageResponseSchema },
  },
  feedback: {
    method: 'POST',
    path: '/app/feedback',
    summary: 'Feedback form',
    access: 'public',
    body: feedbackRequestSchema,
    responses: { 200: messageResponseSchema },
  },
});
