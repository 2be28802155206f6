import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { CASHFREE_API_VERSION } from '../../config.ts';

/**
 * Cashfree Payments PG REST API (version 2025-01-01), called over HTTP directly: no SDK, so errors
 * go nowhere but our own logs and the base URL is ours to set (docs/decisions/0008).
 */

export type CashfreeOrderRequest = {
  order_id: string;
  order_amount: number;
  order_currency: 'INR';
  customer_details: { customer_id: string; customer_phone: string; customer_name?: string; customer_email?: string };
  order_meta: { return_url: string; notify_url: string };
  order_expiry_time?: string;
  order_note?: string;
  order_tags?: Record<string, string>;
};

export type CashfreeOrder = {
  cf_order_id: string | number;
  order_id: string;
  entity: 'order';
  order_currency: string;
  order_amount: number;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED' | string;
  payment_session_id: string;
  order_expiry_time?: string;
  created_at?: string;
  customer_details?: Record<string, unknown>;
  order_meta?: Record<string, unknown>;
  order_tags?: Record<string, string> | null;
};

export type CashfreePayment = {
  cf_payment_id: string | number;
  order_id: string;
  entity: 'payment';
  payment_status: 'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING' | string;
  payment_amount: number;
  payment_currency: string;
  payment_time?: string;
  payment_message?: string;
};

export type CashfreeRefundRequest = { refund_amount: number; refund_id: string; refund_note?: string; refund_speed?: 'STANDARD' | 'INSTANT' };

export type CashfreeRefund = {
  cf_refund_id: string | number;
  cf_payment_id?: string | number;
  refund_id: string;
  order_id: string;
  entity: 'refund';
  refund_amount: number;
  refund_currency: string;
  refund_status: 'SUCCESS' | 'PENDING' | 'CANCELLED' | 'ONHOLD' | 'FAILED' | string;
  refund_note?: string;
  created_at?: string;
  processed_at?: string | null;
};

/** A refused or failed call: Cashfree's `{ message, code, type }` when it answered, status 0 when it did not. */
export class CashfreeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly type: string,
  ) {
    super(message);
  }
}

export type CashfreeClient = ReturnType<typeof createCashfreeClient>;

export function createCashfreeClient(opts: { baseUrl: () => string; clientId: string; clientSecret: string; timeoutMs?: number }) {
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
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
      const e = (json ?? {}) as { message?: string; code?: string; type?: string };
      throw new CashfreeError(res.status, e.message ?? `Cashfree answered ${res.status}`, e.code ?? 'unknown', e.type ?? 'unknown');
    }
    if (json === null) throw new CashfreeError(res.status, 'Cashfree answered without a JSON body', 'invalid_response', 'api_error');
    return json as T;
  }
  const enc = encodeURIComponent;
  return {
    createOrder: (req: CashfreeOrderRequest) => call<CashfreeOrder>('POST', '/orders', req, req.order_id),
    getOrder: (orderId: string) => call<CashfreeOrder>('GET', `/orders/${enc(orderId)}`),
    getPayments: (orderId: string) => call<CashfreePayment[]>('GET', `/orders/${enc(orderId)}/payments`),
    createRefund: (orderId: string, req: CashfreeRefundRequest) => call<CashfreeRefund>('POST', `/orders/${enc(orderId)}/refunds`, req, req.refund_id),
    getRefund: (orderId: string, refundId: string) => call<CashfreeRefund>('GET', `/orders/${enc(orderId)}/refunds/${enc(refundId)}`),
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
