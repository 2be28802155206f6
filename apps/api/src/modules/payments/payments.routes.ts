import { bookingEndpoints } from '@rankwise/contract/bookings';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import * as payments from './payments.service.ts';
import { handleWebhook } from './webhooks/handle-webhook.ts';

/** Spec §7: the payment, verification and webhook calls of the payment provider (Cashfree). */
export async function paymentRoutes(app: FastifyInstance) {
  const d = app.payments;
  const e = bookingEndpoints;
  // Each call reaches Cashfree: a person pays a few times a minute at most (counted per student).
  const rateLimit = { max: 20 * app.config.ADDRESS_RATE_LIMIT_FACTOR, timeWindow: '1 minute', per: 'user' } as const;
  route(app, e.payment, ({ user, body }) => payments.startPayment(d, user, body), { rateLimit });
  route(app, e.verify, ({ user, body }) => payments.verifyPayment(d, user, body.order_id), { rateLimit });
  // The signature covers the exact bytes Cashfree sent: this route keeps the body raw.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    route(scope, e.webhook, ({ request }) =>
      handleWebhook(d, Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), (name) => {
        const v = request.headers[name];
        return Array.isArray(v) ? v[0] : v;
      }),
    );
  });
}
