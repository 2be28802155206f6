/**
 * A local stand-in for Cashfree Payments: the PG REST API (version 2025-01-01: orders, order status,
 * payments, refunds), signed webhooks to each order's notify_url, and a checkout script + modal for
 * the browser. Cashfree's servers cannot be reached from development machines or tests, so this
 * speaks their wire protocol instead. Never mounted in production (config.ts refuses to start
 * without real credentials there).
 */
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { CASHFREE_API_VERSION } from '../config.ts';
import type { z } from 'zod';
import { webhookSignature } from '../modules/payments/cashfree-client.ts';
import { cashfreeOrderSchema, cashfreePaymentSchema, cashfreeRefundSchema, cashfreeWebhookSchema } from '../modules/payments/cashfree-schemas.ts';
import { checkoutPageHtml, checkoutPageScript, checkoutSdkScript } from './cashfree-checkout-assets.ts';

type Json = Record<string, unknown>;

export type StandInOrder = {
  cf_order_id: string;
  order_id: string;
  entity: 'order';
  order_currency: string;
  order_amount: number;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED';
  payment_session_id: string;
  order_expiry_time: string;
  order_note: string | null;
  created_at: string;
  customer_details: Json;
  order_meta: { return_url: string | null; notify_url: string | null; payment_methods: string | null };
  order_tags: Record<string, string> | null;
  order_splits: [];
};

export type StandInPayment = {
  cf_payment_id: string;
  order_id: string;
  entity: 'payment';
  payment_status: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  payment_amount: number;
  payment_currency: string;
  payment_message: string;
  payment_time: string;
  payment_completion_time: string;
  bank_reference: string;
  is_captured: boolean;
  payment_group: 'upi';
  payment_method: { upi: { channel: 'collect'; upi_id: string } };
};

export type StandInRefund = {
  cf_payment_id: string;
  cf_refund_id: string;
  order_id: string;
  refund_id: string;
  entity: 'refund';
  refund_amount: number;
  refund_currency: string;
  refund_note: string | null;
  refund_status: 'PENDING' | 'SUCCESS';
  refund_arn: string | null;
  refund_charge: number;
  status_description: string;
  refund_type: 'MERCHANT_INITIATED';
  refund_mode: 'STANDARD';
  created_at: string;
  processed_at: string | null;
  refund_speed: { requested: 'STANDARD'; accepted: 'STANDARD'; processed: string | null; message: null };
};

export type RecordedRequest = { method: string; path: string; headers: Record<string, string | undefined>; body: unknown };
export type WebhookDelivery = { url: string; type: string; orderId: string; attempt: number; status: number; idempotencyKey: string };

export type StandInState = {
  clientId: string;
  clientSecret: string;
  orders: Map<string, StandInOrder>;
  payments: Map<string, StandInPayment[]>;
  refunds: Map<string, StandInRefund[]>;
  requests: RecordedRequest[];
  deliveries: WebhookDelivery[];
  /** Send webhooks when the checkout page pays, fails or is closed (tests may switch this off). */
  autoWebhooks: boolean;
  /** Idempotency keys already answered: a repeated POST gets the first answer. */
  idempotent: Map<string, { status: number; body: unknown }>;
  pendingWebhooks: Set<Promise<void>>;
};

export function createStandInState(clientId: string, clientSecret: string): StandInState {
  return {
    clientId,
    clientSecret,
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    requests: [],
    deliveries: [],
    autoWebhooks: true,
    idempotent: new Map(),
    pendingWebhooks: new Set(),
  };
}

const IST = '+05:30';
/** Cashfree writes times in IST: 2025-01-01T10:20:12+05:30. */
function istTimestamp(d = new Date()): string {
  return new Date(d.getTime() + 330 * 60_000).toISOString().slice(0, 19) + IST;
}
const digits = (n: number) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));
const apiError = (reply: FastifyReply, status: number, message: string, code: string, type = 'invalid_request_error') =>
  reply.status(status).send({ message, code, type, help: 'Cashfree stand-in' });

/** What the stand-in sends is what the client reads: each answer and webhook is checked against the client's schema. */
function conform<T>(schema: z.ZodType, value: T): T {
  schema.parse(value);
  return value;
}

/** Amounts written with two decimals, as Cashfree does (170.00): a receiver that re-serialises the JSON breaks the signature. */
function webhookJson(payload: Json): string {
  return JSON.stringify(payload).replace(
    /"(order_amount|payment_amount|refund_amount)":(-?\d+(?:\.\d+)?)/g,
    (_m, k: string, v: string) => `"${k}":${Number(v).toFixed(2)}`,
  );
}

/** Everything the stand-in can do, for the routes and for tests that play the student's bank. */
export function standInActions(state: StandInState) {
  const expireIfDue = (o: StandInOrder) => {
    if (o.order_status === 'ACTIVE' && Date.parse(o.order_expiry_time) < Date.now()) o.order_status = 'EXPIRED';
    return o;
  };

  async function deliver(url: string, type: string, orderId: string, body: string): Promise<void> {
    const idempotencyKey = randomBytes(32).toString('base64');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const timestamp = String(Date.now());
      let status = 0;
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-signature': webhookSignature(state.clientSecret, timestamp, body),
            'x-webhook-timestamp': timestamp,
            'x-webhook-version': CASHFREE_API_VERSION,
            'x-webhook-attempt': String(attempt),
            'x-idempotency-key': idempotencyKey,
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch {
        status = 0;
      }
      state.deliveries.push({ url, type, orderId, attempt, status, idempotencyKey });
      if (status >= 200 && status < 300) return;
      await new Promise((r) => setTimeout(r, 200 * 4 ** (attempt - 1)));
    }
  }

  function sendWebhook(order: StandInOrder, type: string, data: Json): Promise<void> {
    const url = order.order_meta.notify_url;
    if (!url) return Promise.resolve();
    const body = webhookJson(conform(cashfreeWebhookSchema, { data, event_time: istTimestamp(), type }));
    const p = deliver(url, type, order.order_id, body).finally(() => state.pendingWebhooks.delete(p));
    state.pendingWebhooks.add(p);
    return p;
  }

  function paymentWebhookData(order: StandInOrder, payment: StandInPayment): Json {
    const { customer_details: c } = order;
    return {
      order: { order_id: order.order_id, order_amount: order.order_amount, order_currency: order.order_currency, order_tags: order.order_tags },
      payment: {
        cf_payment_id: payment.cf_payment_id,
        payment_status: payment.payment_status,
        payment_amount: payment.payment_amount,
        payment_currency: payment.payment_currency,
        payment_message: payment.payment_message,
        payment_time: payment.payment_time,
        bank_reference: payment.bank_reference,
        auth_id: null,
        payment_method: payment.payment_method,
        payment_group: payment.payment_group,
      },
      customer_details: {
        customer_name: c.customer_name ?? null,
        customer_id: c.customer_id,
        customer_email: c.customer_email ?? null,
        customer_phone: c.customer_phone,
      },
      payment_gateway_details: {
        gateway_name: 'CASHFREE',
        gateway_order_id: order.cf_order_id,
        gateway_payment_id: payment.cf_payment_id,
        gateway_status_code: null,
        gateway_settlement: 'CASHFREE',
      },
      payment_offers: null,
      ...(payment.payment_status === 'SUCCESS'
        ? {}
        : {
            error_details: {
              error_code: payment.payment_status === 'FAILED' ? 'TRANSACTION_DECLINED' : 'USER_DROPPED',
              error_description: payment.payment_message,
              error_reason: payment.payment_status === 'FAILED' ? 'auth_declined' : 'user_dropped',
              error_source: 'customer',
            },
          }),
    };
  }

  /** A payment attempt on an order, as the checkout (or a test playing the student's bank) makes it. */
  function attempt(orderId: string, outcome: 'success' | 'failed' | 'dropped', opts: { webhook?: boolean } = {}) {
    const order = state.orders.get(orderId);
    if (!order) throw new Error(`stand-in: no order ${orderId}`);
    expireIfDue(order);
    if (order.order_status !== 'ACTIVE') return { order, payment: null, webhook: Promise.resolve() };
    const now = istTimestamp();
    const status = outcome === 'success' ? 'SUCCESS' : outcome === 'failed' ? 'FAILED' : 'USER_DROPPED';
    const payment: StandInPayment = {
      cf_payment_id: digits(10),
      order_id: order.order_id,
      entity: 'payment',
      payment_status: status,
      payment_amount: order.order_amount,
      payment_currency: order.order_currency,
      payment_message:
        outcome === 'success'
          ? '00::Transaction success'
          : outcome === 'failed'
            ? 'Transaction declined by the bank'
            : 'User dropped and did not complete the payment',
      payment_time: now,
      payment_completion_time: now,
      bank_reference: digits(12),
      is_captured: outcome === 'success',
      payment_group: 'upi',
      payment_method: { upi: { channel: 'collect', upi_id: 'testsuccess@gocash' } },
    };
    state.payments.set(order.order_id, [...(state.payments.get(order.order_id) ?? []), payment]);
    if (outcome === 'success') order.order_status = 'PAID';
    const type = outcome === 'success' ? 'PAYMENT_SUCCESS_WEBHOOK' : outcome === 'failed' ? 'PAYMENT_FAILED_WEBHOOK' : 'PAYMENT_USER_DROPPED_WEBHOOK';
    const webhook = (opts.webhook ?? state.autoWebhooks) ? sendWebhook(order, type, paymentWebhookData(order, payment)) : Promise.resolve();
    return { order, payment, webhook };
  }

  function orderBySession(sessionId: string): StandInOrder | undefined {
    for (const o of state.orders.values()) if (o.payment_session_id === sessionId) return expireIfDue(o);
    return undefined;
  }

  /** Resends the webhook of an order's last payment (a repeat delivery with a fresh key, as Cashfree may). */
  function resendPaymentWebhook(orderId: string): Promise<void> {
    const order = state.orders.get(orderId)!;
    const payment = state.payments.get(orderId)?.at(-1);
    if (!payment) throw new Error(`stand-in: order ${orderId} has no payment`);
    const type =
      payment.payment_status === 'SUCCESS'
        ? 'PAYMENT_SUCCESS_WEBHOOK'
        : payment.payment_status === 'FAILED'
          ? 'PAYMENT_FAILED_WEBHOOK'
          : 'PAYMENT_USER_DROPPED_WEBHOOK';
    return sendWebhook(order, type, paymentWebhookData(order, payment));
  }

  return {
    expireIfDue,
    attempt,
    orderBySession,
    sendWebhook,
    resendPaymentWebhook,
    /** Waits until every webhook sent so far has been delivered (or given up). */
    async settled(): Promise<void> {
      while (state.pendingWebhooks.size) await Promise.all([...state.pendingWebhooks]);
    },
  };
}

export type StandInActions = ReturnType<typeof standInActions>;

/** The stand-in's routes, to mount under any prefix (the app mounts it at /dev/cashfree without credentials). */
export async function cashfreeStandInRoutes(app: FastifyInstance, opts: { state: StandInState }) {
  const { state } = opts;
  const actions = standInActions(state);
  // Cashfree's API, not ours: kept out of the published API documentation.
  app.addHook('onRoute', (r) => {
    r.schema = { ...(r.schema ?? {}), hide: true } as typeof r.schema;
  });

  // The PG API, under /pg as at Cashfree (https://sandbox.cashfree.com/pg).
  await app.register(
    async (pg) => {
      pg.addHook('preHandler', async (req, reply) => {
        state.requests.push({
          method: req.method,
          path: req.url.replace(/^.*?\/pg/, ''),
          headers: {
            'x-client-id': req.headers['x-client-id'] as string | undefined,
            'x-api-version': req.headers['x-api-version'] as string | undefined,
            'x-idempotency-key': req.headers['x-idempotency-key'] as string | undefined,
            'x-request-id': req.headers['x-request-id'] as string | undefined,
            'content-type': req.headers['content-type'],
            'x-client-secret-ok': String(req.headers['x-client-secret'] === state.clientSecret),
          },
          body: req.body ?? null,
        });
        if (req.headers['x-client-id'] !== state.clientId || req.headers['x-client-secret'] !== state.clientSecret) {
          return apiError(reply, 401, 'authentication Failed', 'request_failed', 'authentication_error');
        }
        if (!req.headers['x-api-version']) return apiError(reply, 400, 'x-api-version missing in request header', 'request_failed');
        const key = req.method === 'POST' ? (req.headers['x-idempotency-key'] as string | undefined) : undefined;
        const seen = key ? state.idempotent.get(`${req.url}|${key}`) : undefined;
        if (seen) return reply.status(seen.status).send(seen.body);
      });
      pg.addHook('onSend', async (req, reply, payload) => {
        const key = req.method === 'POST' ? (req.headers['x-idempotency-key'] as string | undefined) : undefined;
        if (key && reply.statusCode < 500 && !state.idempotent.has(`${req.url}|${key}`)) {
          state.idempotent.set(`${req.url}|${key}`, { status: reply.statusCode, body: typeof payload === 'string' ? JSON.parse(payload) : payload });
        }
        return payload;
      });

      pg.post('/orders', async (req, reply) => {
        const b = (req.body ?? {}) as Json;
        const amount = b.order_amount;
        if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 1 || Math.round(amount * 100) !== amount * 100) {
          return apiError(reply, 400, 'order_amount : must be a number with up to two decimals, at least 1', 'order_amount_invalid');
        }
        if (b.order_currency !== 'INR') return apiError(reply, 400, 'order_currency : invalid value provided', 'order_currency_invalid');
        const customer = (b.customer_details ?? {}) as Json;
        if (typeof customer.customer_id !== 'string' || !/^[A-Za-z0-9_-]{1,50}$/.test(customer.customer_id)) {
          return apiError(reply, 400, 'customer_details.customer_id : is invalid', 'customer_details.customer_id_invalid');
        }
        if (typeof customer.customer_phone !== 'string' || !/^\+?\d{10,15}$/.test(customer.customer_phone)) {
          return apiError(reply, 400, 'customer_details.customer_phone : is invalid', 'customer_details.customer_phone_invalid');
        }
        // Cashfree's lengths for the optional texts (API 2025-01-01): a value outside them fails the order.
        for (const [k, v, min, max] of [
          ['customer_details.customer_name', customer.customer_name, 3, 100],
          ['customer_details.customer_email', customer.customer_email, 3, 100],
          ['order_note', b.order_note, 3, 200],
        ] as const) {
          if (v !== undefined && v !== null && (typeof v !== 'string' || v.length < min || v.length > max)) {
            return apiError(reply, 400, `${k} : should be ${min} to ${max} characters long`, `${k}_invalid`);
          }
        }
        const orderId = b.order_id === undefined ? `order_${randomBytes(12).toString('hex')}` : b.order_id;
        if (typeof orderId !== 'string' || !/^[A-Za-z0-9_-]{3,45}$/.test(orderId)) return apiError(reply, 400, 'order_id : is invalid', 'order_id_invalid');
        if (state.orders.has(orderId)) return apiError(reply, 409, 'order with same order id exists', 'order_already_exists');
        const meta = (b.order_meta ?? {}) as Json;
        for (const k of ['return_url', 'notify_url'] as const) {
          if (meta[k] !== undefined && (typeof meta[k] !== 'string' || !URL.canParse(String(meta[k]).replace('{order_id}', 'x')))) {
            return apiError(reply, 400, `order_meta.${k} : is invalid`, `order_meta.${k}_invalid`);
          }
        }
        let expiry = new Date(Date.now() + 30 * 24 * 3600_000);
        if (b.order_expiry_time !== undefined) {
          const t = Date.parse(String(b.order_expiry_time));
          if (Number.isNaN(t) || t < Date.now()) return apiError(reply, 400, 'order_expiry_time : is invalid', 'order_expiry_time_invalid');
          expiry = new Date(t);
        }
        const order: StandInOrder = {
          cf_order_id: digits(10),
          order_id: orderId,
          entity: 'order',
          order_currency: 'INR',
          order_amount: amount,
          order_status: 'ACTIVE',
          payment_session_id: `session_${randomBytes(24).toString('base64url')}`,
          order_expiry_time: istTimestamp(expiry),
          order_note: typeof b.order_note === 'string' ? b.order_note : null,
          created_at: istTimestamp(),
          customer_details: {
            customer_id: customer.customer_id,
            customer_name: customer.customer_name ?? null,
            customer_email: customer.customer_email ?? null,
            customer_phone: customer.customer_phone,
            customer_uid: null,
          },
          order_meta: { return_url: (meta.return_url as string) ?? null, notify_url: (meta.notify_url as string) ?? null, payment_methods: null },
          order_tags: (b.order_tags as Record<string, string>) ?? null,
          order_splits: [],
        };
        state.orders.set(orderId, order);
        return reply.status(200).send(conform(cashfreeOrderSchema, order));
      });

      pg.get('/orders/:orderId', async (req, reply) => {
        const order = state.orders.get((req.params as { orderId: string }).orderId);
        if (!order) return apiError(reply, 404, 'order not found', 'order_not_found');
        return conform(cashfreeOrderSchema, actions.expireIfDue(order));
      });

      pg.get('/orders/:orderId/payments', async (req, reply) => {
        const { orderId } = req.params as { orderId: string };
        if (!state.orders.has(orderId)) return apiError(reply, 404, 'order not found', 'order_not_found');
        return conform(cashfreePaymentSchema.array(), state.payments.get(orderId) ?? []);
      });

      pg.post('/orders/:orderId/refunds', async (req, reply) => {
        const { orderId } = req.params as { orderId: string };
        const order = state.orders.get(orderId);
        if (!order) return apiError(reply, 404, 'order not found', 'order_not_found');
        const b = (req.body ?? {}) as Json;
        if (typeof b.refund_id !== 'string' || !/^[A-Za-z0-9_-]{3,40}$/.test(b.refund_id))
          return apiError(reply, 400, 'refund_id : is invalid', 'refund_id_invalid');
        if (b.refund_note !== undefined && (typeof b.refund_note !== 'string' || b.refund_note.length < 3 || b.refund_note.length > 100))
          return apiError(reply, 400, 'refund_note : should be 3 to 100 characters long', 'refund_note_invalid');
        const amount = b.refund_amount;
        if (typeof amount !== 'number' || !(amount > 0)) return apiError(reply, 400, 'refund_amount : is invalid', 'refund_amount_invalid');
        if (order.order_status !== 'PAID') return apiError(reply, 400, 'refund can only be raised on a paid order', 'order_not_paid');
        const existing = state.refunds.get(orderId) ?? [];
        if (existing.some((r) => r.refund_id === b.refund_id)) return apiError(reply, 409, 'refund with same refund_id exists', 'refund_already_exists');
        const refunded = existing.reduce((s, r) => s + r.refund_amount, 0);
        if (Math.round((refunded + amount) * 100) > Math.round(order.order_amount * 100)) {
          return apiError(reply, 400, 'refund amount exceeds the amount paid', 'refund_amount_invalid');
        }
        const payment = state.payments.get(orderId)?.find((p) => p.payment_status === 'SUCCESS');
        const refund: StandInRefund = {
          cf_payment_id: payment?.cf_payment_id ?? '',
          cf_refund_id: digits(8),
          order_id: orderId,
          refund_id: b.refund_id,
          entity: 'refund',
          refund_amount: amount,
          refund_currency: 'INR',
          refund_note: typeof b.refund_note === 'string' ? b.refund_note : null,
          refund_status: 'PENDING',
          refund_arn: null,
          refund_charge: 0,
          status_description: 'In Progress',
          refund_type: 'MERCHANT_INITIATED',
          refund_mode: 'STANDARD',
          created_at: istTimestamp(),
          processed_at: null,
          refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: null, message: null },
        };
        state.refunds.set(orderId, [...existing, refund]);
        const answer = { ...refund };
        // The bank processes it shortly after; Cashfree then reports it by webhook.
        setTimeout(() => {
          refund.refund_status = 'SUCCESS';
          refund.status_description = 'Refund processed successfully';
          refund.processed_at = istTimestamp();
          refund.refund_arn = digits(12);
          refund.refund_speed.processed = 'STANDARD';
          if (state.autoWebhooks) void actions.sendWebhook(order, 'REFUND_STATUS_WEBHOOK', { refund: { ...refund, entity: 'Refund' } });
        }, 50).unref();
        return reply.status(200).send(conform(cashfreeRefundSchema, answer));
      });

      pg.get('/orders/:orderId/refunds/:refundId', async (req, reply) => {
        const { orderId, refundId } = req.params as { orderId: string; refundId: string };
        const refund = state.refunds.get(orderId)?.find((r) => r.refund_id === refundId);
        if (!refund) return apiError(reply, 404, 'refund not found', 'refund_not_found');
        return conform(cashfreeRefundSchema, refund);
      });
    },
    { prefix: '/pg' },
  );

  // The browser side: Cashfree.js v3 and its checkout page (no inline script, so the app's CSP holds).
  app.get('/js/v3/cashfree.js', async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(checkoutSdkScript),
  );
  app.get('/checkout/page.js', async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(checkoutPageScript),
  );
  app.get('/checkout/:sessionId', async (req: FastifyRequest, reply) => {
    const order = actions.orderBySession((req.params as { sessionId: string }).sessionId);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!order) return reply.status(404).send(checkoutPageHtml(null));
    return checkoutPageHtml({
      orderId: order.order_id,
      amount: order.order_amount,
      status: order.order_status,
      note: order.order_note,
      returnUrl: order.order_meta.return_url?.replace('{order_id}', encodeURIComponent(order.order_id)) ?? null,
    });
  });
  app.post('/checkout/:sessionId/attempt', async (req, reply) => {
    const order = actions.orderBySession((req.params as { sessionId: string }).sessionId);
    if (!order) return apiError(reply, 404, 'payment session not found', 'payment_session_id_invalid');
    const outcome = ((req.body ?? {}) as { outcome?: string }).outcome;
    if (outcome !== 'success' && outcome !== 'failed' && outcome !== 'dropped') return apiError(reply, 400, 'outcome is invalid', 'outcome_invalid');
    if (outcome === 'dropped' && (state.payments.get(order.order_id) ?? []).length > 0) return { order_status: order.order_status };
    const { order: after, payment } = actions.attempt(order.order_id, outcome);
    return { order_status: after.order_status, payment_status: payment?.payment_status ?? null, payment_message: payment?.payment_message ?? null };
  });
}

export type CashfreeStandIn = {
  /** The PG API base, as CASHFREE_API_BASE. */
  apiBase: string;
  /** The checkout script, as CASHFREE_SDK_URL. */
  sdkUrl: string;
  state: StandInState;
  actions: StandInActions;
  close(): Promise<void>;
};

/** The stand-in on its own port (tests and the browser-test harness). */
export async function startCashfreeStandIn(opts: { clientId: string; clientSecret: string; port?: number; host?: string }): Promise<CashfreeStandIn> {
  const state = createStandInState(opts.clientId, opts.clientSecret);
  const app = Fastify({ logger: false });
  await app.register(cashfreeStandInRoutes, { state });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const port = (app.server.address() as { port: number }).port;
  const origin = `http://${host}:${port}`;
  const actions = standInActions(state);
  return {
    apiBase: `${origin}/pg`,
    sdkUrl: `${origin}/js/v3/cashfree.js`,
    state,
    actions,
    async close() {
      await actions.settled();
      await app.close();
    },
  };
}
