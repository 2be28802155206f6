import type { ChoiceOutcome } from '@rankwise/contract/choices';
import { describe, expect, it } from 'vitest';
import { toCsv, toPdf, type ExportInput } from './export.ts';

const seat = (i: number): ChoiceOutcome => ({
  position: i + 1,
  id: `s${i}`,
  seat: {
    id: `s${i}`,
    institute: i === 0 ? 'Birla Institute of Technology, Mesra, Ranchi' : `National Institute of Technology ${i}`,
    instituteId: `nit-${i}`,
    program: 'Computer Science and Engineering (4 Years, Bachelor of Technology)',
    quota: 'OS',
    seatType: 'OPEN',
    gender: 'Gender-Neutral',
    closingRank: 1000 * (i + 1),
    year: 2025,
    round: 6,
    packageLpa: null,
    feesInr: null,
  },
  chance: i === 2 ? null : 0.5,
  band: i === 2 ? null : 'Toss-up',
  rank: 20000,
  outcome: 0.1,
  outcomePercent: 10,
});

const input = (n: number): ExportInput => ({
  name: 'Plan A',
  counselling: 'JoSAA',
  choices: Array.from({ length: n }, (_, i) => seat(i)),
  notes: Array.from({ length: n }, (_, i) => (i === 1 ? '=HYPERLINK("x")' : '')),
  nonePercent: 12,
  referenceYear: 2025,
  fittedAt: '2026-11-20T10:00:00.000Z',
});

describe('exports', () => {
  it('CSV: the data line, the portal columns, quoted cells, NA for a seat not open, formulas defused', () => {
    const lines = toCsv(input(3))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"JoSAA choice list ""Plan A"". Chances from JoSAA closing ranks up to 2025 (model fitted 2026-11-20); no seat: 12%. Rankwise estimates, not an allotment."',
    );
    expect(lines[1]).toBe('Choice No.,Institute,Academic Program Name,Quota,Seat Type,Gender,Chance of this seat (%),Chance it is your final seat (%),Note');
    expect(lines[2]).toBe(
      '1,"Birla Institute of Technology, Mesra, Ranchi","Computer Science and Engineering (4 Years, Bachelor of Technology)",OS,OPEN,Gender-Neutral,50,10,',
    );
    expect(lines[3].endsWith(`,50,10,"'=HYPERLINK(""x"")"`)).toBe(true);
    expect(lines[4]).toContain(',NA,10,');
  });

  it('PDF: a valid cross-reference table over several pages', () => {
    const bytes = toPdf(input(100));
    const text = String.fromCharCode(...bytes);
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((o, i) => expect(text.slice(o, o + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(/\/Count (\d+)/.exec(text)![1]).toBe('3');
    expect(text).toContain('(100) Tj');
    expect(text).toContain('(Birla Institute of Technology, Mesra, Ranchi) Tj');
  });
});
