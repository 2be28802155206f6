import { mailSettings, queueMail, refundProcessedMail } from '../../sessions/sessions.service.ts';
import type { WebhookHandler } from './webhook-handler.ts';

/** A refund's state moved at the provider; once processed, the student hears it (once: the refund job finds this mail's key taken). */
export const refundStatus: WebhookHandler<'refund-status'> = async (d, s, e) => {
  const r = await s.payments.updateRefundByRefundId(e.refundId, e.status);
  const full = r && e.status === 'success' ? await s.bookings.details(r.bookingId) : null;
  if (r && full) await queueMail(d, s.tx, refundProcessedMail(full, r.amountPaise, mailSettings(d)), `refund-processed:${e.refundId}`);
  return { kind: 'ignored' };
};
