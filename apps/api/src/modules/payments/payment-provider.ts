/**
 * What the product needs from a payment provider (Cashfree is the one: cashfree-provider.ts). Amounts
 * are in paise; the provider converts to its own units. Every method may throw a PaymentProviderError
 * (a refusal, or no answer).
 */
export interface PaymentProvider {
  /** Creates the order the student pays in the provider's checkout; idempotent per order id. */
  createOrder(order: NewOrder): Promise<{ providerOrderId: string; paymentSessionId: string }>;
  getOrder(orderId: string): Promise<ProviderOrder>;
  /** The provider's id of the order's successful payment, if there is one. */
  successfulPaymentId(orderId: string): Promise<string | null>;
  /** Asks for a full or partial refund (a retry with the same refund id is the same refund) and answers its state. */
  refund(orderId: string, refund: { refundId: string; amountPaise: number; note: string }): Promise<ProviderRefund>;
  getRefund(orderId: string, refundId: string): Promise<ProviderRefund>;
  /**
   * Checks a webhook's signature and time over the raw bytes and reads it, once: an AppError
   * (INVALID_SIGNATURE, BAD_REQUEST) for anything not sent by the provider just now.
   */
  parseWebhook(raw: Buffer, header: (name: string) => string | undefined, now: Date): WebhookEvent;
}

export type NewOrder = {
  orderId: string;
  amountPaise: number;
  customer: { id: string; phone: string; name?: string; email?: string };
  returnUrl: string;
  notifyUrl: string;
  expiresAt: Date;
  note: string;
  tags: Record<string, string>;
};

export type ProviderOrder = {
  status: 'active' | 'paid' | 'closed';
  amountPaise: number;
  currency: string;
  /** As the provider wrote them, for the log. */
  raw: { amount: unknown; currency: unknown };
};

export type RefundState = 'requested' | 'pending' | 'success' | 'failed' | 'cancelled';
export type ProviderRefund = { status: Exclude<RefundState, 'requested'>; providerRefundId: string };

/** A refused or failed call: the provider's message and code when it answered, status 0 when it did not. */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly type: string,
  ) {
    super(message);
  }
}

type EventBase = {
  /** The delivery's idempotency key (a repeated delivery has the same one). */
  key: string;
  /** The provider's name for the event, as recorded. */
  type: string;
  orderId: string | null;
};

/** One event of the provider's, read once; webhooks/ has one handler per kind. */
export type WebhookEvent =
  | (EventBase & {
      kind: 'payment-succeeded';
      orderId: string;
      paymentId: string | null;
      /** False when the event names a payment state other than success. */
      succeeded: boolean;
      /** Amounts named by the event (null: not named); both absent means the provider must be asked. */
      orderPaise: number | null;
      paymentPaise: number | null;
      amountsAbsent: boolean;
      /** Both currencies (when named) are rupees. */
      inRupees: boolean;
      /** What the event said about money, for the log. */
      logged: Record<string, unknown>;
    })
  /**
   * An attempt on the order did not pay. `gaveUp`: the student left the checkout (USER_DROPPED);
   * otherwise one attempt failed (a declined card, a UPI timeout) and the order is still payable:
   * the student may try again with another card or app (docs/decisions 0008, issue 24).
   */
  | (EventBase & { kind: 'payment-failed'; orderId: string; paymentStatus: string | null; gaveUp: boolean })
  | (EventBase & { kind: 'refund-status'; refundId: string; status: ProviderRefund['status'] })
  | (EventBase & { kind: 'other' });
