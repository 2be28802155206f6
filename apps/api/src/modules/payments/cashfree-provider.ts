import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { CashfreeError, isValidWebhookSignature, toPaise, webhookTimestampMs, type CashfreeClient, type CashfreeRefund } from './cashfree-client.ts';
import { cashfreeWebhookSchema, type CashfreeWebhook } from './cashfree-schemas.ts';
import type { PaymentProvider, ProviderRefund, WebhookEvent } from './payment-provider.ts';

/** Webhooks older (or newer) than this are refused: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;

const refundStatusOf = (s: string): ProviderRefund['status'] =>
  s === 'SUCCESS' ? 'success' : s === 'CANCELLED' ? 'cancelled' : s === 'FAILED' ? 'failed' : 'pending';

const refundOf = (r: CashfreeRefund): ProviderRefund => ({ status: refundStatusOf(r.refund_status), providerRefundId: String(r.cf_refund_id) });

/** Cashfree as the payment provider, over its PG API client; the client secret keys the webhook signature. */
export function createCashfreeProvider(client: CashfreeClient, webhookSecret: string): PaymentProvider {
  return {
    async createOrder(o) {
      const order = await client.createOrder({
        order_id: o.orderId,
        order_amount: o.amountPaise / 100,
        order_currency: 'INR',
        customer_details: {
          customer_id: o.customer.id,
          customer_phone: o.customer.phone,
          customer_name: o.customer.name,
          customer_email: o.customer.email,
        },
        order_meta: { return_url: o.returnUrl, notify_url: o.notifyUrl },
        order_expiry_time: o.expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'),
        order_note: o.note,
        order_tags: o.tags,
      });
      if (!order.payment_session_id) throw new CashfreeError(200, 'no payment_session_id in the order', 'invalid_response', 'api_error');
      return { providerOrderId: String(order.cf_order_id), paymentSessionId: order.payment_session_id };
    },

    async getOrder(orderId) {
      const o = await client.getOrder(orderId);
      return {
        status: o.order_status === 'PAID' ? 'paid' : o.order_status === 'ACTIVE' ? 'active' : 'closed',
        amountPaise: toPaise(o.order_amount),
        currency: o.order_currency,
        raw: { amount: o.order_amount, currency: o.order_currency },
      };
    },

    async successfulPaymentId(orderId) {
      const payments = await client.getPayments(orderId);
      const id = payments.find((p) => p.payment_status === 'SUCCESS')?.cf_payment_id;
      return id === undefined ? null : String(id);
    },

    async refund(orderId, r) {
      try {
        return refundOf(
          await client.createRefund(orderId, { refund_amount: r.amountPaise / 100, refund_id: r.refundId, refund_note: r.note, refund_speed: 'STANDARD' }),
        );
      } catch (err) {
        // Asked before: Cashfree says so, and the refund is read instead.
        if (!(err instanceof CashfreeError && err.status === 409)) throw err;
        return refundOf(await client.getRefund(orderId, r.refundId));
      }
    },

    async getRefund(orderId, refundId) {
      return refundOf(await client.getRefund(orderId, refundId));
    },

    parseWebhook(raw, header, now) {
      const signature = header('x-webhook-signature');
      const timestamp = header('x-webhook-timestamp');
      if (!signature || !timestamp) throw new AppError('INVALID_SIGNATURE', 'The webhook signature is missing.');
      const at = webhookTimestampMs(timestamp);
      if (at === null || Math.abs(now.getTime() - at) > WEBHOOK_TOLERANCE_MS)
        throw new AppError('INVALID_SIGNATURE', 'The webhook timestamp is missing or too old.');
      if (!isValidWebhookSignature(webhookSecret, timestamp, raw, signature)) throw new AppError('INVALID_SIGNATURE', 'The webhook signature does not match.');
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('BAD_REQUEST', 'The webhook body is not JSON.');
      }
      const body = cashfreeWebhookSchema.safeParse(json);
      if (!body.success) throw new AppError('BAD_REQUEST', 'The webhook body is not a Cashfree event.');
      const key = header('x-idempotency-key') || createHash('sha256').update(raw).digest('base64');
      return readEvent(body.data, key);
    },
  };
}

/** A Cashfree webhook as the product's event: the kind decides which handler (webhooks/) acts on it. */
function readEvent(body: CashfreeWebhook, key: string): WebhookEvent {
  const type = String(body.type ?? 'UNKNOWN');
  const data = body.data ?? {};
  const orderId = data.order?.order_id ?? data.refund?.order_id ?? null;
  const base = { key, type, orderId };
  if (type === 'PAYMENT_SUCCESS_WEBHOOK' && orderId) {
    const p = data.payment ?? {};
    const paise = (v: number | string | null | undefined) => (v === undefined || v === null ? null : toPaise(v));
    return {
      ...base,
      kind: 'payment-succeeded',
      orderId,
      paymentId: p.cf_payment_id === undefined || p.cf_payment_id === null ? null : String(p.cf_payment_id),
      succeeded: p.payment_status === undefined || p.payment_status === 'SUCCESS',
      orderPaise: paise(data.order?.order_amount),
      paymentPaise: paise(p.payment_amount),
      amountsAbsent: data.order?.order_amount === undefined && p.payment_amount === undefined,
      inRupees: (data.order?.order_currency ?? 'INR') === 'INR' && (p.payment_currency ?? 'INR') === 'INR',
      logged: { order: data.order, payment: { amount: p.payment_amount, currency: p.payment_currency } },
    };
  }
  if ((type === 'PAYMENT_FAILED_WEBHOOK' || type === 'PAYMENT_USER_DROPPED_WEBHOOK') && orderId) {
    return {
      ...base,
      kind: 'payment-failed',
      orderId,
      paymentStatus: data.payment?.payment_status ?? null,
      gaveUp: type === 'PAYMENT_USER_DROPPED_WEBHOOK' || data.payment?.payment_status === 'USER_DROPPED',
    };
  }
  if (type === 'REFUND_STATUS_WEBHOOK' && data.refund?.refund_id) {
    return { ...base, kind: 'refund-status', refundId: data.refund.refund_id, status: refundStatusOf(data.refund.refund_status ?? 'PENDING') };
  }
  return { ...base, kind: 'other' };
}
