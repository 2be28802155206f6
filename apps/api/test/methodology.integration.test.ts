import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Methodology } from '@rankwise/contract/chance';
import { buildTestApp, testConfig, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';

/*
 * An independent recomputation, with its own simple code, of what the backtest's definitions fix
 * without the model: which seat-years are scored, their rank points, outcomes and the last-year
 * rule's Brier score. The published figures must equal it.
 */
const dataDir = testConfig().DATA_DIR;
const PERCENTS = [50, 60, 70, 75, 80, 85, 90, 95, 100, 105, 110, 115, 120, 125, 130, 140, 150, 175, 200];

let independent: Map<number, { seats: number; baseline: number }> | undefined;

function independentJosaa(): Map<number, { seats: number; baseline: number }> {
  if (independent) return independent;
  const files = readdirSync(path.join(dataDir, 'josaa/orcr'))
    .filter((f) => /^\d{4}\.csv$/.test(f))
    .map((f) => path.join(dataDir, 'josaa/orcr', f));
  files.push(path.join(dataDir, 'josaa-2025/orcr_2025_all_rounds.csv'));
  const clean = (s: string) => s.replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();
  const last = new Map<string, { round: number; open: string; close: string; lostP: boolean }>();
  for (const f of files) {
    for (const r of parse(readFileSync(f), { columns: true }) as Record<string, string>[]) {
      const g = r.Gender === 'NA' ? 'Gender-Neutral' : r.Gender;
      const k = `${r.Year}|${clean(r.Institute)}|${clean(r['Academic Program Name'])}|${r.Quota}|${r['Seat Type']}|${g}`;
      const cur = last.get(k);
      // 2016-2024 printed no 'P': an IIT SC/ST/PwD row with its opening rank above its closing rank ends on a preparatory rank (decision 0003).
      const lostP =
        +r.Year <= 2024 &&
        clean(r.Institute).startsWith('Indian Institute of Technology') &&
        /^(SC|ST|.*\(PwD\))$/.test(r['Seat Type']) &&
        +r['Opening Rank'] > +r['Closing Rank'];
      if (!cur || +r.Round > cur.round) last.set(k, { round: +r.Round, open: r['Opening Rank'], close: r['Closing Rank'], lostP });
    }
  }
  const closing = new Map<string, number>();
  for (const [k, v] of last) if (/^\d+$/.test(v.open) && /^\d+$/.test(v.close) && +v.close > 0 && !v.lostP) closing.set(k, +v.close);
  const out = new Map<number, { seats: number; baseline: number }>();
  for (const [k, c] of closing) {
    const year = +k.slice(0, 4);
    const prev = closing.get(`${year - 1}${k.slice(4)}`);
    if (year < 2018 || prev === undefined) continue;
    const o = out.get(year) ?? { seats: 0, baseline: 0 };
    o.seats++;
    for (const p of PERCENTS) {
      const rank = Math.max(1, Math.floor((p * prev + 50) / 100));
      o.baseline += Number(rank <= prev) !== Number(rank <= c) ? 1 : 0;
    }
    out.set(year, o);
  }
  return (independent = out);
}

describe.each(databaseKinds)('/methodology on %s', (kind) => {
  let t: TestApp;
  let body: Methodology;
  beforeAll(async () => {
    // The importers store each stream's model and backtest with the seats' chance columns: a copy
    // of the run's one import (helpers/imported-data.ts).
    t = await buildTestApp(kind, { imported: true });
    // The independent computation (its CSVs read once per file) belongs to the setup's bound, not a test's.
    independentJosaa();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/methodology' });
    expect(res.statusCode).toBe(200);
    body = res.json();
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(() => t?.close());

  it('publishes the JoSAA backtest of 2018-2025 on the seat-years and baseline an independent computation finds', () => {
    const expected = independentJosaa();
    const josaa = body.data.josaa!;
    expect(josaa.backtest.years.map((y) => y.year)).toEqual([2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    for (const y of josaa.backtest.years) {
      const e = expected.get(y.year)!;
      expect(y.seats).toBe(e.seats);
      expect(y.points).toBe(e.seats * PERCENTS.length);
      expect(y.baselineBrier).toBeCloseTo(e.baseline / y.points, 10);
    }
    expect(body.data.rankPercents).toEqual(PERCENTS);
  });

  it('beats the last-year rule on held-out 2025 outcomes, and its bands come true more often band by band', () => {
    for (const s of [body.data.josaa!, body.data.neetPg!]) {
      const last = s.backtest.years.at(-1)!;
      expect(last.brier).toBeLessThan(last.baselineBrier);
      const observed = s.backtest.total.bands.map((b) => b.observed);
      for (let i = 1; i < observed.length; i++) expect(observed[i]).toBeLessThan(observed[i - 1]);
      // Calibrated: each band's average chance within 3 points of how often it came true.
      for (const b of s.backtest.total.bands) expect(Math.abs(b.predicted - b.observed)).toBeLessThan(0.03);
    }
    // JoSAA 2026 stops at round 5 of 6: the chances are for 2027, from 2026's round 5, with the step (decision 0022).
    expect(body.data.josaa!.model).toMatchObject({ predictYear: 2027, referenceYear: 2026, referenceRound: 5 });
    expect(body.data.neetPg!.model).toMatchObject({ predictYear: 2026, referenceYear: 2025 });
    expect(body.data.neetPg!.backtest.years.map((y) => y.year)).toEqual([2024]);
  });

  it('publishes the round-5 step beside round 5 taken as final, the CSAB 2024 -> 2025 backtest and the data sets', () => {
    const step = body.data.josaa!.step!;
    expect(step.round).toBe(5);
    expect(step.backtest.years.map((y) => y.year)).toEqual([2019, 2020, 2021, 2022, 2023, 2024, 2025]);
    // Both score the same points: each year's seats with a round-5 closing rank the year before and a final one.
    expect(step.asFinal.years.map((y) => [y.year, y.seats])).toEqual(step.backtest.years.map((y) => [y.year, y.seats]));
    expect(step.backtest.total.brier).toBeLessThan(step.asFinal.total.brier);
    expect(step.backtest.total.brier).toBeLessThan(step.backtest.total.baselineBrier);
    const csab = body.data.csab!;
    expect(csab.backtest.years.map((y) => y.year)).toEqual([2025]);
    expect(csab.backtest.total.seats).toBeGreaterThan(4000);
    expect(csab.backtest.total.brier).toBeLessThan(csab.backtest.total.baselineBrier);
    expect(csab.model).toMatchObject({ stream: 'csab', predictYear: 2026, referenceYear: 2025 });
    const sets = body.data.dataSets!;
    expect(sets.find((d) => d.name === 'JoSAA')).toMatchObject({ label: 'JoSAA 2026 round 5 (round 6 not yet in our data)', updatedOn: '2026-07-16' });
    expect(sets.find((d) => d.name === 'CSAB')).toMatchObject({ label: 'CSAB 2025 round 3', updatedOn: '2026-07-28' });
    expect(sets.find((d) => d.name === 'MCC NEET PG')?.label).toMatch(/^MCC NEET PG 20\d\d rounds 1-3$/);
    for (const d of sets) expect(d.importedAt).not.toBeNull();
  });

  it('publishes NEET PG forward backtest 2024 → 2025 beside the two-fold one, and both per calibration group', () => {
    const neetPg = body.data.neetPg!;
    expect(neetPg.forward!.years.map((y) => y.year)).toEqual([2025]);
    expect(neetPg.forward!.total.seats).toBeGreaterThan(10_000);
    // Each backtest's groups in the shape JoSAA's have (calibrationGroups), each with its own table.
    for (const backtest of [neetPg.backtest, neetPg.forward!]) {
      expect(backtest.calibrationGroups!.map((g) => [g.id, g.label, g.own])).toEqual([
        ['DNB', 'DNB quota', true],
        ['other', 'Other quotas', true],
      ]);
      expect(backtest.calibrationGroups!.reduce((a, g) => a + g.seats, 0)).toBe(backtest.total.seats);
    }
  });
});
