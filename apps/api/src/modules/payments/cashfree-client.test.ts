import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCashfreeStandIn, type CashfreeStandIn } from '../../dev/cashfree-stand-in.ts';
import { CashfreeError, createCashfreeClient, isValidWebhookSignature, toPaise, webhookSignature, webhookTimestampMs } from './cashfree-client.ts';

describe('Cashfree client against the stand-in', () => {
  let cf: CashfreeStandIn;
  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: 'client-1', clientSecret: 'secret-1' });
  });
  afterAll(async () => cf.close());
  const client = () => createCashfreeClient({ baseUrl: () => cf.apiBase, clientId: 'client-1', clientSecret: 'secret-1' });
  const order = (id: string) => ({
    order_id: id,
    order_amount: 279,
    order_currency: 'INR' as const,
    customer_details: { customer_id: 'u123', customer_phone: '9876543210' },
    order_meta: { return_url: 'http://localhost/r?order_id={order_id}', notify_url: 'http://127.0.0.1:9/none' },
  });

  it('creates an order with the version, credentials and idempotency headers, and reads it back', async () => {
    const created = await client().createOrder(order('rw_test_1'));
    expect(created).toMatchObject({ order_id: 'rw_test_1', order_amount: 279, order_status: 'ACTIVE', entity: 'order' });
    expect(created.payment_session_id).toMatch(/^session_/);
    const req = cf.state.requests.find((r) => r.method === 'POST' && r.path === '/orders')!;
    expect(req.headers).toMatchObject({
      'x-client-id': 'client-1',
      'x-api-version': '2025-01-01',
      'x-idempotency-key': 'rw_test_1',
      'x-client-secret-ok': 'true',
    });
    expect((await client().getOrder('rw_test_1')).order_status).toBe('ACTIVE');
  });

  it('reports Cashfree errors with their code', async () => {
    const err = await client()
      .getOrder('nope_123')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CashfreeError);
    expect(err).toMatchObject({ status: 404, code: 'order_not_found' });
    const wrong = createCashfreeClient({ baseUrl: () => cf.apiBase, clientId: 'client-1', clientSecret: 'wrong' });
    await expect(wrong.getOrder('rw_test_1')).rejects.toMatchObject({ status: 401, type: 'authentication_error' });
    const down = createCashfreeClient({ baseUrl: () => 'http://127.0.0.1:9/pg', clientId: 'a', clientSecret: 'b', timeoutMs: 2000 });
    await expect(down.getOrder('x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('pays and refunds, once per refund id', async () => {
    await client().createOrder(order('rw_test_2'));
    cf.actions.attempt('rw_test_2', 'success', { webhook: false });
    expect((await client().getOrder('rw_test_2')).order_status).toBe('PAID');
    expect((await client().getPayments('rw_test_2'))[0]).toMatchObject({ payment_status: 'SUCCESS', payment_amount: 279 });
    const refund = await client().createRefund('rw_test_2', { refund_amount: 279, refund_id: 'rf_rw_test_2', refund_note: 'slot taken' });
    expect(refund).toMatchObject({ refund_id: 'rf_rw_test_2', refund_status: 'PENDING', refund_amount: 279 });
    // Retried with the same refund id (and so the same idempotency key): the same refund, not a second one.
    expect((await client().createRefund('rw_test_2', { refund_amount: 279, refund_id: 'rf_rw_test_2' })).cf_refund_id).toBe(refund.cf_refund_id);
    expect(cf.state.refunds.get('rw_test_2')).toHaveLength(1);
  });
});

describe('webhook signatures', () => {
  it('is the base64 HMAC-SHA256 of timestamp + raw body with the client secret', () => {
    const body = Buffer.from('{"data":{"order":{"order_amount":279.00}},"type":"PAYMENT_SUCCESS_WEBHOOK"}');
    const expected = createHmac('sha256', 'sec').update(`1746427759733${body.toString()}`).digest('base64');
    expect(webhookSignature('sec', '1746427759733', body)).toBe(expected);
    expect(isValidWebhookSignature('sec', '1746427759733', body, expected)).toBe(true);
    expect(isValidWebhookSignature('sec', '1746427759734', body, expected)).toBe(false);
    expect(isValidWebhookSignature('other', '1746427759733', body, expected)).toBe(false);
    // Re-serialised JSON (279.00 -> 279) is not the body that was signed.
    expect(isValidWebhookSignature('sec', '1746427759733', Buffer.from(JSON.stringify(JSON.parse(body.toString()))), expected)).toBe(false);
  });
  it('reads millisecond and second timestamps', () => {
    expect(webhookTimestampMs('1746427759733')).toBe(1746427759733);
    expect(webhookTimestampMs('1746427759')).toBe(1746427759000);
    expect(webhookTimestampMs('abc')).toBeNull();
  });
  it('converts rupees to paise exactly', () => {
    expect(toPaise(279)).toBe(27900);
    expect(toPaise('419.00')).toBe(41900);
    expect(toPaise(10.15)).toBe(1015);
  });
});
