import type { WebhookHandler } from './webhook-handler.ts';

/**
 * An attempt did not pay. A failed attempt (PAYMENT_FAILED_WEBHOOK) is one try on an order that is
 * still payable: the hold stays, so the student can retry with another card or UPI app and no one
 * else takes the slot meanwhile (issue 24). The student leaving the checkout (USER_DROPPED) gives the
 * slot up: an unpaid hold is released. Otherwise the hold ends when the order does (the sweep).
 */
export const paymentFailed: WebhookHandler<'payment-failed'> = async (d, s, e) => {
  const b = await s.bookings.lockByOrderId(e.orderId);
  if (!b || b.status !== 'held' || b.paymentStatus === 'paid') return { kind: 'ignored' };
  if (!e.gaveUp) {
    d.log.info({ orderId: e.orderId, paymentStatus: e.paymentStatus }, 'a payment attempt failed; the order is still payable, the hold stays');
    return { kind: 'ignored' };
  }
  await s.bookings.transition(b.id, 'held', 'released', 'webhook', { details: { type: e.type, paymentStatus: e.paymentStatus } });
  return { kind: 'released' };
};
