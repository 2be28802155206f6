import { settlePaid, type PaymentsDeps } from '../payments.service.ts';
import type { WebhookHandler } from './webhook-handler.ts';

/** The paid amount of an order as the provider reports it (null: not paid), or 'unreachable'. */
export async function providerAmount(d: PaymentsDeps, orderId: string): Promise<number | null | 'unreachable'> {
  const order = await d.provider.getOrder(orderId).catch(() => null);
  if (!order) return 'unreachable';
  return order.status === 'paid' ? order.amountPaise : null;
}

/**
 * A payment succeeded: the booking is settled (confirmed, or refunded if late for a taken slot) when
 * every amount named (by the event, or by the provider when the event names none) is the booking's
 * and in rupees; anything else is logged and ignored.
 */
export const paymentSucceeded: WebhookHandler<'payment-succeeded', number | null> = async (d, s, e, providerPaise) => {
  if (!e.succeeded) return { kind: 'ignored' };
  const b = await s.bookings.findByOrderId(e.orderId);
  if (!b) return { kind: 'ignored' };
  const amountOk =
    (e.orderPaise !== null || e.paymentPaise !== null || providerPaise !== null) &&
    (e.orderPaise === null || e.orderPaise === b.amountPaise) &&
    (e.paymentPaise === null || e.paymentPaise >= b.amountPaise) &&
    (providerPaise === null || providerPaise === b.amountPaise) &&
    e.inRupees;
  if (!amountOk) {
    d.log.error({ orderId: e.orderId, ...e.logged }, 'webhook amount differs from the booking');
    return { kind: 'ignored' };
  }
  return settlePaid(d, s, e.orderId, { source: 'webhook', cfPaymentId: e.paymentId, now: d.now() });
};
