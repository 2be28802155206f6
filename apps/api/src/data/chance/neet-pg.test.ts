import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/helpers/test-app.ts';
import { readMedicalData } from '../neet-pg/medical-data.ts';
import { neetPgModel } from './chance-models.ts';
import { backtestSchema, bandOf, type Backtest } from '@rankwise/contract/chance';
import { pointRank, RATIO_PERCENTS } from './definitions.ts';
import {
  buildNeetPgHistories,
  curveForQuota,
  foldOfInstitutes,
  NEET_PG,
  publishedNeetPg,
  runNeetPgBacktests,
  storedNeetPg,
  type NeetPgBacktests,
  type SeatRound,
} from './neet-pg.ts';
import { medicalSeatChances, medicalSeatInputs } from './seat-chances.ts';
import type { SeatHistory } from './seat-history.ts';
import { calibrate, chanceAt, type Calibration } from '../../lib/chance.ts';

/*
 * NEET PG's backtests (docs/decisions/0014) on the real data: the seat-years and the last-year
 * rule recomputed here from the importer's per-round aggregates with this test's own simple code,
 * the folds, the groups, and the DNB group's calibration.
 */
describe('NEET PG backtests', () => {
  let rounds: SeatRound[];
  let histories: SeatHistory[];
  let b: NeetPgBacktests;
  beforeAll(async () => {
    rounds = (await readMedicalData(testConfig().DATA_DIR)).cutoffs;
    histories = buildNeetPgHistories(rounds);
    b = runNeetPgBacktests(histories);
  }, 120_000);

  /** Each seat's closing rank per year, recomputed: R1-R3; single allotments with the stray rule, ranges by their top. */
  function closings(): Map<string, Map<number, number>> {
    const out = new Map<string, Map<number, { top: number[]; n: number; ranged: boolean }>>();
    for (const r of rounds) {
      if (r.round > 3) continue;
      const key = `${r.instituteId}|${r.course}|${r.quota}|${r.category}`;
      const years = out.get(key) ?? new Map();
      const y = years.get(r.year) ?? { top: [], n: 0, ranged: !!r.ranged };
      y.top.push(...(r.ranged ? [r.closingRank] : r.topRanks));
      y.n += r.allotments;
      years.set(r.year, y);
      out.set(key, years);
    }
    return new Map(
      [...out].map(([k, years]) => [
        k,
        new Map(
          [...years].map(([year, y]) => {
            const [a, second] = [...y.top].sort((p, q) => q - p);
            return [year, !y.ranged && y.n >= 4 && second !== undefined && a > 2 * second ? second : a];
          }),
        ),
      ]),
    );
  }

  it('scores the two-fold backtest on 2023 → 2024 and the forward one on 2024 → 2025, with the last-year rule recomputed', () => {
    const c = closings();
    for (const [row, year] of [
      [b.twoFold.years[0], 2024],
      [b.forward!.years[0], 2025],
    ] as const) {
      expect(row.year).toBe(year);
      let seats = 0;
      let baseline = 0;
      for (const years of c.values()) {
        const ref = years.get(year - 1);
        const out = years.get(year);
        if (ref === undefined || out === undefined) continue;
        seats++;
        for (const p of RATIO_PERCENTS) {
          const rank = pointRank(p, ref);
          baseline += ((rank <= ref ? 1 : 0) - (rank <= out ? 1 : 0)) ** 2;
        }
      }
      expect(row.seats).toBe(seats);
      expect(row.points).toBe(seats * RATIO_PERCENTS.length);
      expect(row.baselineBrier).toBeCloseTo(baseline / row.points, 10);
      expect(row.brier).toBeLessThan(row.baselineBrier);
    }
  });

  it('splits both backtests into the DNB group and the rest, which add up to the whole', () => {
    for (const whole of [b.twoFold, b.forward!]) {
      const groups = whole.groups!;
      expect(groups.map((g) => [g.id, g.label, g.own])).toEqual([
        ['DNB', 'DNB quota', true],
        ['other', 'Other quotas', true],
      ]);
      expect(groups.reduce((a, g) => a + g.seats, 0)).toBe(whole.total.seats);
      for (let i = 0; i < whole.total.bands.length; i++) expect(groups.reduce((a, g) => a + g.bands[i].n, 0)).toBe(whole.total.bands[i].n);
    }
    const dnb = b.twoFold.groups![0].bands.find((x) => x.band === 'Toss-up')!;
    // The over-confidence issue 21 measured: Toss-up seats of the DNB quota came true far less often than said.
    expect(dnb.predicted - dnb.observed).toBeGreaterThan(0.1);
  });

  it('stores each backtest with its groups, which /methodology publishes in the shape of the contract', () => {
    // As the importer stores it (a JSON column) and the service reads it back.
    const { backtest, forward } = storedNeetPg(JSON.parse(JSON.stringify(publishedNeetPg(b))));
    for (const [read, whole] of [
      [backtestSchema.parse(backtest), b.twoFold],
      [backtestSchema.parse(forward), b.forward!],
    ] as const) {
      expect(read.total.seats).toBe(whole.total.seats);
      expect(read.calibrationGroups).toEqual(whole.groups);
    }
  });

  it('says on the card of a flagged 2025 seat why its closing rank may be one stray allotment, and widens its band', () => {
    const m = neetPgModel(histories);
    const flagged = histories.filter((h) => h.finals.get(2025)?.flagged);
    expect(flagged.length).toBeGreaterThan(10);
    const [instituteId, course, quota, category] = flagged[0].key.split('|');
    const [input] = medicalSeatInputs(rounds, [{ id: 's', instituteId, course, quota, category, year: 2025, round: 3 }]);
    const chance = medicalSeatChances(m, [input]).get('s')!;
    expect(chance.wideBand).toBe(true);
    expect(chance.card.closingNote).toMatch(/^The 2025 closing rank [\d,]+ may be one stray allotment: it is more than twice the next highest AIR known/);
    // An unflagged seat has no note.
    const plain = histories.find((h) => h.finals.has(2025) && !h.finals.get(2025)!.flagged)!;
    const [i2, c2, q2, k2] = plain.key.split('|');
    const [input2] = medicalSeatInputs(rounds, [{ id: 't', instituteId: i2, course: c2, quota: q2, category: k2, year: 2025, round: 3 }]);
    expect(medicalSeatChances(m, [input2]).get('t')!.card.closingNote).toBeUndefined();
  });

  it('alternates the institutes, sorted by id, between the two folds', () => {
    const folds = foldOfInstitutes(histories);
    const ids = [...folds.keys()];
    expect(ids).toEqual([...ids].sort());
    ids.forEach((id, i) => expect(folds.get(id)).toBe(i % NEET_PG.FOLDS));
    expect(folds.get('mcc-700119')).toBeDefined();
  });

  it("calibrates the DNB quota on its own: on the backtests' DNB points each band's chance is within 3 points of its outcomes", () => {
    const m = neetPgModel(histories);
    expect(m.summary).toMatchObject({ predictYear: 2026, referenceYear: 2025 });
    const cal = m.groups!.DNB.calibration as Calibration;
    expect(cal).not.toBeNull();
    // Re-score the backtest points of the DNB group with the stored DNB table (the raw chances of
    // each backtest, their outcomes) and compare band by band.
    const bands = new Map<string, { n: number; p: number; o: number }>();
    const points = runNeetPgBacktestsPoints(histories);
    for (const pt of points.filter((x) => x.group === 'DNB')) {
      const chance = Math.min(0.99, Math.max(0.01, calibrate(cal, pt.raw)));
      const band = bandOf(chance);
      const a = bands.get(band) ?? { n: 0, p: 0, o: 0 };
      a.n++;
      a.p += chance;
      a.o += pt.outcome;
      bands.set(band, a);
    }
    for (const [band, a] of bands) if (a.n > 500) expect(Math.abs(a.p / a.n - a.o / a.n), band).toBeLessThan(0.03);
    // And the product's DNB chances are not the other quotas'.
    expect(chanceAt({ table: m.curve.table, calibration: cal }, 0)).not.toBeCloseTo(chanceAt(m.curve, 0), 2);
  });
});

describe('the NEET PG curve of a quota', () => {
  const cal = (y: number): Calibration => ({ x: [0, 1], y: [y, y], points: 2 });
  it("takes the DNB group's table for the DNB quota and the other group's for every other quota", () => {
    const stored = { table: [-1, 0, 1], calibration: { ...cal(0.5), groups: { DNB: cal(0.2), other: cal(0.5) } } as Calibration };
    expect(curveForQuota(stored, 'DNB Quota').calibration).toEqual(cal(0.2));
    expect(curveForQuota(stored, 'All India').calibration).toEqual(cal(0.5));
    expect(curveForQuota(stored, 'Armed Forces Medical').calibration).toEqual(cal(0.5));
    // One object per group and stored curve (the read model's answers are built from it).
    expect(curveForQuota(stored, 'DNB Quota')).toBe(curveForQuota(stored, 'DNB Quota'));
    // A curve stored without groups (JoSAA's, or an older import) is used as it is.
    const plain = { table: [-1, 0, 1], calibration: cal(0.4) };
    expect(curveForQuota(plain, 'DNB Quota')).toBe(plain);
  });
});

/** Every backtest point's raw chance and outcome, with its group (both backtests, as the calibration uses them). */
function runNeetPgBacktestsPoints(histories: SeatHistory[]) {
  const group = new Map(histories.map((h) => [h.key, h.quota === 'DNB' ? 'DNB' : 'other']));
  const out: { group: string; raw: number; outcome: number }[] = [];
  runNeetPgBacktests(histories, (p) => out.push({ group: group.get(p.key)!, raw: p.raw!, outcome: p.rank <= p.outcome ? 1 : 0 }));
  return out;
}

describe('the stored NEET PG backtests', () => {
  it("reads the groups an older import stored apart into each backtest, in the shape JoSAA's groups have", () => {
    const bands = [{ band: 'Safe' as const, n: 3, predicted: 0.9, observed: 1 }];
    const table = (seats: number) => ({ seats, points: seats * 19, brier: 0.1, baselineBrier: 0.2, bands });
    const backtest = { stream: 'neet-pg' as const, years: [], total: { ...table(3), bins: [] } };
    const older = {
      ...backtest,
      forward: { ...backtest },
      groups: [
        { group: 'DNB', twoFold: table(1), forward: null },
        { group: 'other', twoFold: table(2), forward: table(3) },
      ],
    };
    const { backtest: two, forward } = storedNeetPg(older) as { backtest: Backtest; forward: Backtest };
    expect(two.calibrationGroups).toEqual([
      { id: 'DNB', label: 'DNB quota', ...table(1), own: true },
      { id: 'other', label: 'Other quotas', ...table(2), own: true },
    ]);
    expect(forward.calibrationGroups).toEqual([{ id: 'other', label: 'Other quotas', ...table(3), own: true }]);
    expect('groups' in two).toBe(false);
    // A newer import's backtests are published as stored.
    const newer = { ...backtest, calibrationGroups: two.calibrationGroups, forward: null };
    expect(storedNeetPg(newer)).toEqual({ backtest: { ...backtest, calibrationGroups: two.calibrationGroups }, forward: null });
  });
});
