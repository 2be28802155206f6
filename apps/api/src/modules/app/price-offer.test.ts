import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { priceOffer } from './app.service.ts';

describe('the price offer (no false urgency)', () => {
  it('runs only while its last day (IST) has not passed, and not at all without one', () => {
    expect(priceOffer(undefined, new Date('2026-11-26T06:00:00Z'))).toBeNull();
    expect(priceOffer('2026-11-30', new Date('2026-11-26T06:00:00Z'))).toEqual({ endsOn: '2026-11-30' });
    // 30 November, 23:59 IST is 18:29 UTC: still on; 1 December 00:00 IST (18:30 UTC) it is over.
    expect(priceOffer('2026-11-30', new Date('2026-11-30T18:29:00Z'))).toEqual({ endsOn: '2026-11-30' });
    expect(priceOffer('2026-11-30', new Date('2026-11-30T18:30:00Z'))).toBeNull();
  });

  it('refuses a PRICE_OFFER_ENDS that is not a calendar date', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PRICE_OFFER_ENDS: 'soon' })).toThrow(/PRICE_OFFER_ENDS/);
    expect(() => loadConfig({ NODE_ENV: 'test', PRICE_OFFER_ENDS: '2026-02-30' })).toThrow(/PRICE_OFFER_ENDS: not a calendar date/);
    expect(loadConfig({ NODE_ENV: 'test', PRICE_OFFER_ENDS: '' }).PRICE_OFFER_ENDS).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', PRICE_OFFER_ENDS: '2026-12-31' }).PRICE_OFFER_ENDS).toBe('2026-12-31');
  });
});
