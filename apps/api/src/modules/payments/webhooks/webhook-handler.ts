import type { Db } from '../../../db/client.ts';
import type { WebhookEvent } from '../payment-provider.ts';
import type { PaymentsDeps, PaymentsStore, Settled } from '../payments.service.ts';

type Kind = WebhookEvent['kind'];
export type EventOf<K extends Kind> = Extract<WebhookEvent, { kind: K }>;
/** One handler per kind of event, run in the transaction that records the delivery. */
export type WebhookHandler<K extends Kind, P = undefined> = (
  d: PaymentsDeps,
  s: PaymentsStore & { tx: Db },
  event: EventOf<K>,
  prepared: P,
) => Promise<Settled>;
