import { describe, expect, it } from 'vitest';
import { checkOrcrInvariants, formatInvariantReport, type InvariantRow } from './invariants.ts';
import { markLostPreparatoryRanks } from './preparatory.ts';

/*
 * Each invariant of an OR-CR file, broken by a small file of its own. The base file is sound on the
 * category scale: two institutes, two rounds, OPEN seats and their reserved seats closing below them.
 */
type Counselling = 'JoSAA' | 'CSAB';
const row = (
  over: Partial<InvariantRow & { counselling: Counselling }> & { seatType: string; closingRank: number },
): InvariantRow & { counselling: Counselling } => ({
  counselling: 'JoSAA',
  year: 2021,
  round: 1,
  instituteId: 'nit-goa',
  instituteType: 'NIT',
  programName: 'Civil Engineering (4 Years, Bachelor of Technology)',
  quota: 'AI',
  gender: 'Gender-Neutral',
  openingRank: Math.max(1, over.closingRank - 100),
  openingPreparatory: false,
  closingPreparatory: false,
  ...over,
});

function soundFile(): (InvariantRow & { counselling: Counselling })[] {
  const out: (InvariantRow & { counselling: Counselling })[] = [];
  for (const [instituteId, instituteType, base] of [
    ['nit-goa', 'NIT', 20_000],
    ['iit-bombay', 'IIT', 2_000],
  ] as const) {
    for (const round of [1, 2]) {
      const at = base + round * 100;
      out.push(row({ instituteId, instituteType, round, seatType: 'OPEN', closingRank: at }));
      out.push(row({ instituteId, instituteType, round, seatType: 'OBC-NCL', closingRank: Math.round(at * 0.4) }));
      out.push(row({ instituteId, instituteType, round, seatType: 'SC', closingRank: Math.round(at * 0.2) }));
      out.push(row({ instituteId, instituteType, round, seatType: 'ST', closingRank: Math.round(at * 0.1) }));
      out.push(row({ instituteId, instituteType, round, seatType: 'OPEN (PwD)', closingRank: Math.round(at * 0.05) }));
    }
  }
  return out;
}

describe('OR-CR invariants', () => {
  it('accepts a sound file and prints its table', () => {
    const report = checkOrcrInvariants(soundFile(), 'JoSAA', 'sound.csv');
    expect(report.failures).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.roundRows).toEqual([
      { round: 1, rows: 10 },
      { round: 2, rows: 10 },
    ]);
    expect(report.scale).toMatchObject({ seats: 8, above: 0, share: 0, found: 'category', expected: 'category' });
    const table = formatInvariantReport(report);
    expect(table[0]).toBe('sound.csv (JoSAA 2021): accepted');
    expect(table.some((l) => l.includes('rows per round') && l.includes('R1 10, R2 10'))).toBe(true);
  });

  it('refuses a missing round', () => {
    const rows = soundFile().map((r) => (r.round === 2 ? { ...r, round: 3 } : r));
    const report = checkOrcrInvariants(rows, 'JoSAA');
    expect(report.ok).toBe(false);
    expect(report.failures).toEqual(['round 2 missing (the file has 1, 3)']);
  });

  it('refuses a file of two years', () => {
    const rows = soundFile().map((r) => (r.round === 2 ? { ...r, year: 2022 } : r));
    expect(checkOrcrInvariants(rows, 'JoSAA').failures).toContain('the file holds more than one year (2021, 2022)');
  });

  it('refuses a duplicate key', () => {
    const rows = soundFile();
    rows.push({ ...rows[3] });
    const report = checkOrcrInvariants(rows, 'JoSAA');
    expect(report.duplicateKeys).toEqual(['2021 | 1 | nit-goa | Civil Engineering (4 Years, Bachelor of Technology) | AI | ST | Gender-Neutral']);
    expect(report.ok).toBe(false);
  });

  it('refuses an ordinary opening rank above the closing rank at an IIT ST seat, listing the row', () => {
    const rows = soundFile();
    const st = rows.find((r) => r.instituteType === 'IIT' && r.seatType === 'ST' && r.round === 1)!;
    Object.assign(st, { openingRank: 810, closingRank: 187 });
    const report = checkOrcrInvariants(rows, 'JoSAA', 'broken.csv');
    expect(report.ok).toBe(false);
    expect(report.inverted.find((g) => g.instituteType === 'IIT' && g.seatType === 'ST')).toMatchObject({ rows: 2, inverted: 1, failed: true });
    expect(report.invertedRows).toEqual([st]);
    const table = formatInvariantReport(report);
    expect(table).toContain('    2021 round 1, iit-bombay, Civil Engineering (4 Years, Bachelor of Technology), AI, ST, Gender-Neutral: 810-187');
    expect(table.some((l) => l.startsWith('  refused: IIT ST: 1 of 2 rows'))).toBe(true);
  });

  it('lets a few ordinary inversions through elsewhere (at most 0.5% of a group) and refuses more', () => {
    const many = Array.from({ length: 400 }, (_, i) => row({ programName: `P${i}`, seatType: 'OPEN', closingRank: 5_000 + i }));
    many[0] = { ...many[0], openingRank: 479_479, closingRank: 1 };
    many[1] = { ...many[1], openingRank: 544_247, closingRank: 1 };
    expect(checkOrcrInvariants(many, 'JoSAA').ok).toBe(true);
    many[2] = { ...many[2], openingRank: 336_294, closingRank: 1 };
    const report = checkOrcrInvariants(many, 'JoSAA');
    expect(report.ok).toBe(false);
    expect(report.invertedRows).toHaveLength(3);
  });

  it('accepts the lost preparatory rank once the 2016-2024 rule marks it, and counts the mark', () => {
    const rows = soundFile();
    const st = rows.find((r) => r.instituteType === 'IIT' && r.seatType === 'ST' && r.round === 1)!;
    Object.assign(st, { openingRank: 810, closingRank: 187 });
    expect(markLostPreparatoryRanks(rows, (r) => r.instituteType)).toBe(1);
    expect(st).toMatchObject({ openingPreparatory: false, closingPreparatory: true, preparatoryByRule: true });
    const report = checkOrcrInvariants(rows, 'JoSAA');
    expect(report.ok).toBe(true);
    expect(report.preparatory).toMatchObject({ printed: 0, byRule: 1, misplaced: [] });
  });

  it('never applies the rule outside IIT SC/ST/PwD seats of 2016-2024', () => {
    const cases = [
      row({ instituteType: 'NIT', seatType: 'ST', openingRank: 810, closingRank: 187 }),
      row({ instituteType: 'IIT', seatType: 'OBC-NCL', openingRank: 810, closingRank: 187 }),
      row({ instituteType: 'IIT', seatType: 'ST', openingRank: 810, closingRank: 187, year: 2025 }),
      row({ instituteType: 'IIT', seatType: 'ST', openingRank: 810, closingRank: 187, counselling: 'CSAB' }),
      row({ instituteType: 'IIT', seatType: 'ST', openingRank: 100, closingRank: 187 }),
    ];
    expect(markLostPreparatoryRanks(cases, (r) => r.instituteType)).toBe(0);
    expect(
      markLostPreparatoryRanks([row({ instituteType: 'IIT', seatType: 'SC (PwD)', openingRank: 90, closingRank: 12, year: 2016 })], (r) => r.instituteType),
    ).toBe(1);
  });

  it('refuses a preparatory rank outside IIT SC/ST/PwD seats, and any in a CSAB file', () => {
    const rows = soundFile();
    const obc = rows.find((r) => r.instituteType === 'IIT' && r.seatType === 'OBC-NCL')!;
    obc.closingPreparatory = true;
    const report = checkOrcrInvariants(rows, 'JoSAA');
    expect(report.preparatory.misplaced).toEqual([obc]);
    expect(report.ok).toBe(false);

    const csab = soundFile()
      .filter((r) => r.instituteType === 'NIT')
      .map((r) => (r.seatType === 'OPEN' ? r : { ...r, closingRank: r.closingRank * 30 }));
    expect(checkOrcrInvariants(csab, 'CSAB').ok).toBe(true);
    csab.find((r) => r.seatType === 'SC')!.closingPreparatory = true;
    expect(checkOrcrInvariants(csab, 'CSAB').failures).toContain('1 preparatory rank outside IIT SC/ST/PwD seats (CSAB has no preparatory list)');
  });

  it('refuses a JoSAA file on the common-rank-list scale and a CSAB file on the category scale', () => {
    const crl = soundFile().map((r) => (r.seatType === 'OPEN' ? r : { ...r, closingRank: r.closingRank * 30 }));
    const asJosaa = checkOrcrInvariants(crl, 'JoSAA');
    expect(asJosaa.scale).toMatchObject({ seats: 8, above: 8, share: 1, found: 'crl', expected: 'category' });
    expect(asJosaa.ok).toBe(false);
    expect(checkOrcrInvariants(crl, 'CSAB').ok).toBe(true);

    const asCsab = checkOrcrInvariants(soundFile(), 'CSAB');
    expect(asCsab.scale).toMatchObject({ found: 'category', expected: 'crl' });
    expect(asCsab.ok).toBe(false);
    // Half and half is neither scale: refused for both counsellings.
    const mixed = soundFile().map((r) => (r.seatType === 'SC' || r.seatType === 'ST' ? { ...r, closingRank: r.closingRank * 30 } : r));
    expect(checkOrcrInvariants(mixed, 'JoSAA').scale.found).toBe('unclear');
    expect(checkOrcrInvariants(mixed, 'CSAB').ok).toBe(false);
  });

  it("judges the scale on each seat's last round and leaves out preparatory pairs", () => {
    const rows = soundFile();
    // Round 1 of the NIT's SC seat above its OPEN seat; round 2 (its last) below: category scale.
    rows.find((r) => r.instituteType === 'NIT' && r.seatType === 'SC' && r.round === 1)!.closingRank = 99_999;
    const st = rows.find((r) => r.instituteType === 'IIT' && r.seatType === 'ST' && r.round === 2)!;
    st.closingPreparatory = true;
    const report = checkOrcrInvariants(rows, 'JoSAA');
    expect(report.scale).toMatchObject({ seats: 7, above: 0 });
  });
});
