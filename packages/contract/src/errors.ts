import { z } from 'zod';

/** Every failure across the stack has this shape; `message` is what the client shows. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Error codes and the HTTP status each maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  SIGN_IN_REQUIRED: 401,
  ACCESS_TOKEN_EXPIRED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** The chosen session slot is held or booked by someone else. */
  SLOT_TAKEN: 409,
  /** Cashfree reports the order as not paid (yet). */
  PAYMENT_NOT_COMPLETED: 409,
  /** The payment arrived after the slot was taken; it has been refunded. */
  PAYMENT_REFUNDED: 409,
  /** A payment provider's webhook whose signature or timestamp does not check out. */
  INVALID_SIGNATURE: 401,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SUBMISSION_LIMIT: 429,
  /** A feature this site does not offer (Google sign-in without its settings): there is nothing to retry. */
  NOT_CONFIGURED: 404,
  /** The database is down, restarting or not answering: try again in a minute (with Retry-After). */
  UNAVAILABLE: 503,
  /** The mail server is failing; nothing was sent (the same answer for every address). */
  MAIL_UNAVAILABLE: 503,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof errorStatus;

/** Standard responses shared by every endpoint's schema map. */
export const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
  500: errorBodySchema,
  502: errorBodySchema,
  503: errorBodySchema,
} as const;
