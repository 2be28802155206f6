import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createCashfreeClient, webhookSignature } from './cashfree-client.ts';
import { createCashfreeProvider } from './cashfree-provider.ts';

// Reading a webhook needs no network: the client is never called here.
const secret = 'webhook-secret';
const provider = createCashfreeProvider(createCashfreeClient({ baseUrl: () => 'http://127.0.0.1:9', clientId: 'id', clientSecret: secret }), secret);
const now = new Date('2026-03-01T10:00:00Z');

function deliver(body: string, o: { secret?: string; at?: Date; key?: string } = {}) {
  const timestamp = String((o.at ?? now).getTime());
  const headers: Record<string, string> = {
    'x-webhook-timestamp': timestamp,
    'x-webhook-signature': webhookSignature(o.secret ?? secret, timestamp, body),
    ...(o.key ? { 'x-idempotency-key': o.key } : {}),
  };
  return provider.parseWebhook(Buffer.from(body), (name) => headers[name], now);
}
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
};

describe('a Cashfree webhook, read once into an event', () => {
  it('reads a payment success with its amounts in paise and rupees checked', () => {
    const body = JSON.stringify({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      data: {
        order: { order_id: 'rw_1', order_amount: 419.0, order_currency: 'INR' },
        payment: { cf_payment_id: 5114910, payment_status: 'SUCCESS', payment_amount: '419.00', payment_currency: 'INR' },
      },
    });
    expect(deliver(body, { key: 'k-1' })).toMatchObject({
      kind: 'payment-succeeded',
      key: 'k-1',
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      orderId: 'rw_1',
      paymentId: '5114910',
      succeeded: true,
      orderPaise: 41900,
      paymentPaise: 41900,
      amountsAbsent: false,
      inRupees: true,
    });
  });

  it('marks a success that names no amount (Cashfree is asked) and one in another currency or state', () => {
    const bare = deliver(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'rw_2' } } }));
    expect(bare).toMatchObject({ kind: 'payment-succeeded', amountsAbsent: true, orderPaise: null, paymentPaise: null, paymentId: null });
    const dollars = deliver(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'rw_3', order_amount: 5, order_currency: 'USD' } } }));
    expect(dollars).toMatchObject({ inRupees: false });
    const pending = deliver(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 'rw_4' }, payment: { payment_status: 'PENDING' } } }));
    expect(pending).toMatchObject({ succeeded: false });
  });

  it('reads failures, refunds and kinds it does not act on; the key defaults to a hash of the body', () => {
    expect(
      deliver(JSON.stringify({ type: 'PAYMENT_USER_DROPPED_WEBHOOK', data: { order: { order_id: 'rw_5' }, payment: { payment_status: 'USER_DROPPED' } } })),
    ).toMatchObject({
      kind: 'payment-failed',
      orderId: 'rw_5',
      paymentStatus: 'USER_DROPPED',
    });
    expect(
      deliver(JSON.stringify({ type: 'REFUND_STATUS_WEBHOOK', data: { refund: { order_id: 'rw_6', refund_id: 'rf_rw_6', refund_status: 'SUCCESS' } } })),
    ).toMatchObject({
      kind: 'refund-status',
      orderId: 'rw_6',
      refundId: 'rf_rw_6',
      status: 'success',
    });
    const other = deliver(JSON.stringify({ type: 'SETTLEMENT_WEBHOOK', data: {} }));
    expect(other).toMatchObject({ kind: 'other', type: 'SETTLEMENT_WEBHOOK', orderId: null });
    expect(other.key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    // A success without an order id is nothing to act on.
    expect(deliver(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: {} })).kind).toBe('other');
  });

  it('refuses what Cashfree did not send just now: 401 for a bad or old signature, 400 for a body that is not an event', () => {
    const body = JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: {} });
    expect(codeOf(() => deliver(body, { secret: 'other' }))).toBe('INVALID_SIGNATURE');
    expect(codeOf(() => deliver(body, { at: new Date(now.getTime() - 11 * 60_000) }))).toBe('INVALID_SIGNATURE');
    expect(codeOf(() => provider.parseWebhook(Buffer.from(body), () => undefined, now))).toBe('INVALID_SIGNATURE');
    expect(codeOf(() => deliver('not json'))).toBe('BAD_REQUEST');
    expect(codeOf(() => deliver('null'))).toBe('BAD_REQUEST');
    expect(codeOf(() => deliver(JSON.stringify({ type: 'PAYMENT_SUCCESS_WEBHOOK', data: { order: { order_id: 7 } } })))).toBe('BAD_REQUEST');
  });
});
