import { describe, expect, it } from 'vitest';
import { rankFromText, rankMessages, rankSchema } from '@rankwise/contract/engineering';
import { medicalPreferencesSchema } from '@rankwise/contract/medical';

describe('rank boxes take numbers as people write them', () => {
  it.each([
    ['15000', 15000],
    ['15,000', 15000],
    [' 1,50,000 ', 150000],
    ['150,000', 150000],
    ['12,34,567', 1234567],
    ['1,234,567', 1234567],
    ['999', 999],
  ])('%s is %d', (text, n) => {
    expect(rankFromText(text)).toBe(n);
    expect(rankSchema.parse(text)).toBe(n);
  });

  it.each(['15,00', '1,5000', ',15000', '15000,', '15.000', '15 000', '1,50,00', 'abc', ''])('%j is not a rank', (text) => {
    expect(rankFromText(text)).toBeNull();
  });

  it('refuses misplaced separators with the spec message', () => {
    const r = rankSchema.safeParse('15,00');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(rankMessages.invalid);
    expect(rankSchema.safeParse('0').success).toBe(false);
  });

  it('the medical form shares the rule', () => {
    const r = medicalPreferencesSchema.pick({ rank: true }).parse({ rank: '15,000' });
    expect(r.rank).toBe(15000);
  });
});
