import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { FULL_WAIVER, TWO_THIRDS_WAIVER, tuitionForStudent } from './tuition.ts';

describe('tuition waivers', () => {
  it('are the ones fees/tuition_policy.csv states for IITs and NITs', () => {
    const rows = parse(readFileSync(path.join(testConfig().DATA_DIR, 'fees/tuition_policy.csv')), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => r.institute_type).sort()).toEqual(['IIT', 'NIT']);
    for (const r of rows) {
      expect(r.full_waiver).toBe(FULL_WAIVER);
      expect(r.two_thirds_waiver).toBe(TWO_THIRDS_WAIVER);
    }
  });

  it('give SC, ST and every PwD category no tuition, whatever the income', () => {
    for (const c of ['SC', 'ST', 'OPEN(PWD)', 'EWS(PWD)', 'OBC-NCL(PWD)', 'SC(PWD)', 'ST(PWD)'])
      expect(tuitionForStudent(200000, c, '5-lakh-or-more')).toMatchObject({ waiver: 'full', payableInr: 0 });
  });

  it('follow the family income for the other categories', () => {
    expect(tuitionForStudent(200000, 'OPEN', 'below-1-lakh')).toMatchObject({ waiver: 'full', payableInr: 0 });
    expect(tuitionForStudent(200000, 'OBC-NCL', '1-to-5-lakh')).toMatchObject({ waiver: 'two-thirds', payableInr: 66667 });
    expect(tuitionForStudent(125000, 'EWS', '1-to-5-lakh')).toMatchObject({ waiver: 'two-thirds', payableInr: 41667 });
    expect(tuitionForStudent(125000, 'OPEN', '5-lakh-or-more')).toMatchObject({ waiver: 'none', payableInr: 125000 });
    expect(tuitionForStudent(200000, 'OPEN', undefined)).toMatchObject({ waiver: 'depends-on-income', payableInr: 200000 });
    expect(tuitionForStudent(200000, undefined, '1-to-5-lakh')).toMatchObject({ waiver: 'two-thirds', payableInr: 66667, category: null });
    expect(tuitionForStudent(200000, undefined, undefined)).toBeNull();
  });
});
