import { AppError } from '../../../lib/app-error.ts';
import { afterSettle, MESSAGES, type PaymentsDeps, type Settled } from '../payments.service.ts';
import { paymentFailed } from './payment-failed.ts';
import { paymentSucceeded, providerAmount } from './payment-succeeded.ts';
import { refundStatus } from './refund-status.ts';

/**
 * `POST /cashfree/webhook`: the provider's signed notifications. The provider checks the signature
 * (over the raw bytes) and the time and reads the event once; a repeated delivery (same idempotency
 * key) is acknowledged and ignored; recording the key and acting on the event commit together.
 */
export async function handleWebhook(d: PaymentsDeps, raw: Buffer, header: (name: string) => string | undefined): Promise<{ status: 'ok' | 'ignored' }> {
  const event = d.provider.parseWebhook(raw, header, d.now());
  // A success event that names no amount: the provider itself says what was paid (asked before the transaction).
  let paidPaise: number | null = null;
  if (event.kind === 'payment-succeeded' && event.amountsAbsent) {
    const asked = await providerAmount(d, event.orderId);
    if (asked === 'unreachable') throw new AppError('UPSTREAM_FAILED', MESSAGES.unreachable);
    paidPaise = asked;
  }
  const settled = await d.uow.transaction(async (s): Promise<Settled> => {
    if (!(await s.payments.recordWebhook(event.key.slice(0, 200), event.type, event.orderId))) return { kind: 'duplicate' };
    switch (event.kind) {
      case 'payment-succeeded':
        return paymentSucceeded(d, s, event, paidPaise);
      case 'payment-failed':
        return paymentFailed(d, s, event, undefined);
      case 'refund-status':
        return refundStatus(d, s, event, undefined);
      case 'other':
        return { kind: 'ignored' };
    }
  });
  await afterSettle(d, settled);
  return { status: settled.kind === 'duplicate' ? 'ignored' : 'ok' };
}
