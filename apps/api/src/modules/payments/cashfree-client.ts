import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import { CASHFREE_API_VERSION } from '../../config.ts';
import {
  cashfreeErrorSchema,
  cashfreeOrderSchema,
  cashfreePaymentSchema,
  cashfreeRefundSchema,
  type CashfreeOrderRequest,
  type CashfreeRefundRequest,
} from './cashfree-schemas.ts';
import { PaymentProviderError } from './payment-provider.ts';

export type { CashfreeOrder, CashfreeOrderRequest, CashfreePayment, CashfreeRefund, CashfreeRefundRequest } from './cashfree-schemas.ts';

/**
 * Cashfree Payments PG REST API (version 2025-01-01), called over HTTP directly: no SDK, so errors
 * go nowhere but our own logs and the base URL is ours to set (docs/decisions/0008).
 */

/** A refused or failed call: Cashfree's `{ message, code, type }` when it answered, status 0 when it did not. */
export class CashfreeError extends PaymentProviderError {}

export type CashfreeClient = ReturnType<typeof createCashfreeClient>;

export function createCashfreeClient(opts: { baseUrl: () => string; clientId: string; clientSecret: string; timeoutMs?: number }) {
  async function call<S extends z.ZodType>(schema: S, method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<z.infer<S>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-client-id': opts.clientId,
      'x-client-secret': opts.clientSecret,
      'x-api-version': CASHFREE_API_VERSION,
      'x-request-id': randomUUID(),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey) headers['x-idempotency-key'] = idempotencyKey;
    let res: Response;
    try {
      res = await fetch(`${opts.baseUrl()}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new CashfreeError(0, `Cashfree could not be reached: ${(err as Error).message}`, 'network_error', 'api_connection_error');
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const parsed = cashfreeErrorSchema.safeParse(json);
      const e = parsed.success ? parsed.data : {};
      throw new CashfreeError(res.status, e.message ?? `Cashfree answered ${res.status}`, e.code ?? 'unknown', e.type ?? 'unknown');
    }
    if (json === null) throw new CashfreeError(res.status, 'Cashfree answered without a JSON body', 'invalid_response', 'api_error');
    const answer = schema.safeParse(json);
    if (!answer.success) throw new CashfreeError(res.status, 'Cashfree answered with an unexpected body', 'invalid_response', 'api_error');
    return answer.data;
  }
  const enc = encodeURIComponent;
  return {
    createOrder: (req: CashfreeOrderRequest) => call(cashfreeOrderSchema, 'POST', '/orders', req, req.order_id),
    getOrder: (orderId: string) => call(cashfreeOrderSchema, 'GET', `/orders/${enc(orderId)}`),
    getPayments: (orderId: string) => call(cashfreePaymentSchema.array(), 'GET', `/orders/${enc(orderId)}/payments`),
    createRefund: (orderId: string, req: CashfreeRefundRequest) => call(cashfreeRefundSchema, 'POST', `/orders/${enc(orderId)}/refunds`, req, req.refund_id),
    getRefund: (orderId: string, refundId: string) => call(cashfreeRefundSchema, 'GET', `/orders/${enc(orderId)}/refunds/${enc(refundId)}`),
  };
}

/** Cashfree's webhook signature: base64 HMAC-SHA256 of `x-webhook-timestamp` + the raw body, keyed with the client secret. */
export function webhookSignature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

/** Signatures compared in constant time, over the raw bytes as received (never re-serialised JSON). */
export function isValidWebhookSignature(secret: string, timestamp: string, rawBody: Buffer, signature: string): boolean {
  const expected = Buffer.from(webhookSignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** `x-webhook-timestamp` is milliseconds since the epoch (seconds are accepted too). */
export function webhookTimestampMs(timestamp: string): number | null {
  if (!/^\d{9,14}$/.test(timestamp)) return null;
  const n = Number(timestamp);
  return n < 1e11 ? n * 1000 : n;
}

/** Rupees (as Cashfree writes them) to paise, without floating-point drift. */
export function toPaise(rupees: number | string): number {
  return Math.round(Number(rupees) * 100);
}
