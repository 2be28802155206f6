// @cashfreepayments/cashfree-js ships no types: its one export, as documented in its README.
declare module '@cashfreepayments/cashfree-js' {
  export function load(options: { mode: 'sandbox' | 'production' }): Promise<unknown>;
}
