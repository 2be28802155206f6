import type { WebhookHandler } from './webhook-handler.ts';

/** A payment failed or the student left the checkout: an unpaid hold is released (the slot is free again). */
export const paymentFailed: WebhookHandler<'payment-failed'> = async (_d, s, e) => {
  const b = await s.bookings.lockByOrderId(e.orderId);
  if (b && b.status === 'held' && b.paymentStatus !== 'paid') {
    await s.bookings.transition(b.id, 'held', 'released', 'webhook', { details: { type: e.type, paymentStatus: e.paymentStatus } });
    return { kind: 'released' };
  }
  return { kind: 'ignored' };
};
