import type { PublicConfig } from '@rankwise/contract/app';

/** What Cashfree.js v3 offers us (https://www.cashfree.com/docs/payments/online/web/redirect). */
export type CheckoutResult = {
  error?: { message?: string; code?: string; type?: string };
  redirect?: boolean;
  paymentDetails?: { paymentMessage?: string };
};
export type CashfreeCheckout = {
  checkout(options: { paymentSessionId: string; redirectTarget: '_modal' | '_self' | '_blank' | '_top' }): Promise<CheckoutResult>;
};

const OFFICIAL_SDK = 'https://sdk.cashfree.com/js/v3/cashfree.js';

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('The payment page could not be loaded.'));
    document.head.appendChild(script);
  });
}

/**
 * Loads Cashfree.js through its official loader (@cashfreepayments/cashfree-js), only when a
 * booking starts. The loader always fetches Cashfree's own script unless `window.Cashfree` already
 * exists, so a configured stand-in's script (development, tests) is loaded first and the loader
 * then adopts it.
 */
export async function loadCashfree(payments: PublicConfig['payments']): Promise<CashfreeCheckout> {
  const w = window as unknown as { Cashfree?: unknown };
  if (!w.Cashfree && payments.sdkUrl !== OFFICIAL_SDK) await injectScript(payments.sdkUrl);
  const { load } = await import('@cashfreepayments/cashfree-js');
  const cashfree = (await load({ mode: payments.mode })) as CashfreeCheckout | null;
  if (!cashfree) throw new Error('The payment page could not be loaded.');
  return cashfree;
}
