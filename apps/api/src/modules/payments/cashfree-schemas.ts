import { z } from 'zod';

/**
 * Cashfree Payments PG API payloads (version 2025-01-01), as zod schemas: the client checks
 * Cashfree's answers with them and the local stand-in (src/dev) builds its answers and webhooks
 * to them, so the two cannot drift apart. Answers are loose objects: Cashfree adds fields freely;
 * what this product reads is required, the rest named for reference. Cashfree writes null for
 * absent values.
 */

const id = z.union([z.string(), z.number()]);
const amount = z.union([z.number(), z.string()]);

export const cashfreeOrderRequestSchema = z.object({
  order_id: z.string(),
  order_amount: z.number(),
  order_currency: z.literal('INR'),
  customer_details: z.object({
    customer_id: z.string(),
    customer_phone: z.string(),
    customer_name: z.string().optional(),
    customer_email: z.string().optional(),
  }),
  order_meta: z.object({ return_url: z.string(), notify_url: z.string() }),
  order_expiry_time: z.string().optional(),
  order_note: z.string().optional(),
  order_tags: z.record(z.string(), z.string()).optional(),
});
export type CashfreeOrderRequest = z.infer<typeof cashfreeOrderRequestSchema>;

export const cashfreeOrderSchema = z.looseObject({
  cf_order_id: id,
  order_id: z.string().optional(),
  entity: z.literal('order').optional(),
  order_currency: z.string(),
  order_amount: amount,
  /** ACTIVE, PAID, EXPIRED, TERMINATED, TERMINATION_REQUESTED */
  order_status: z.string(),
  payment_session_id: z.string().nullish(),
  order_expiry_time: z.string().nullish(),
  created_at: z.string().nullish(),
  order_tags: z.record(z.string(), z.string()).nullish(),
});
export type CashfreeOrder = z.infer<typeof cashfreeOrderSchema>;

export const cashfreePaymentSchema = z.looseObject({
  cf_payment_id: id,
  order_id: z.string().optional(),
  entity: z.literal('payment').optional(),
  /** SUCCESS, NOT_ATTEMPTED, FAILED, USER_DROPPED, VOID, CANCELLED, PENDING */
  payment_status: z.string(),
  payment_amount: amount.optional(),
  payment_currency: z.string().optional(),
  payment_time: z.string().nullish(),
  payment_message: z.string().nullish(),
});
export type CashfreePayment = z.infer<typeof cashfreePaymentSchema>;

export const cashfreeRefundRequestSchema = z.object({
  refund_amount: z.number(),
  refund_id: z.string(),
  refund_note: z.string().optional(),
  refund_speed: z.enum(['STANDARD', 'INSTANT']).optional(),
});
export type CashfreeRefundRequest = z.infer<typeof cashfreeRefundRequestSchema>;

export const cashfreeRefundSchema = z.looseObject({
  cf_refund_id: id,
  cf_payment_id: id.nullish(),
  refund_id: z.string().optional(),
  order_id: z.string().optional(),
  entity: z.literal('refund').optional(),
  refund_amount: amount,
  refund_currency: z.string().optional(),
  /** SUCCESS, PENDING, CANCELLED, ONHOLD, FAILED */
  refund_status: z.string(),
  refund_note: z.string().nullish(),
  created_at: z.string().nullish(),
  processed_at: z.string().nullish(),
});
export type CashfreeRefund = z.infer<typeof cashfreeRefundSchema>;

/** Cashfree's error answer. */
export const cashfreeErrorSchema = z.looseObject({ message: z.string().optional(), code: z.string().optional(), type: z.string().optional() });

/**
 * A webhook's body (PAYMENT_SUCCESS_WEBHOOK, PAYMENT_FAILED_WEBHOOK, PAYMENT_USER_DROPPED_WEBHOOK,
 * REFUND_STATUS_WEBHOOK, and kinds this product ignores). Every part may be absent.
 */
export const cashfreeWebhookSchema = z.looseObject({
  type: z.string().nullish(),
  event_time: z.string().nullish(),
  data: z
    .looseObject({
      order: z.looseObject({ order_id: z.string().nullish(), order_amount: amount.nullish(), order_currency: z.string().nullish() }).nullish(),
      payment: z
        .looseObject({
          cf_payment_id: id.nullish(),
          payment_status: z.string().nullish(),
          payment_amount: amount.nullish(),
          payment_currency: z.string().nullish(),
        })
        .nullish(),
      refund: z.looseObject({ order_id: z.string().nullish(), refund_id: z.string().nullish(), refund_status: z.string().nullish() }).nullish(),
    })
    .nullish(),
});
export type CashfreeWebhook = z.infer<typeof cashfreeWebhookSchema>;
