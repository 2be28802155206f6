import { addDays, istDate } from '@rankwise/contract/bookings';
import type { EngineeringCollege } from '@rankwise/contract/engineering';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentProgress } from '../src/data/import-context.ts';
import { importChoiceBacktests } from '../src/data/choices/import-choice-backtests.ts';
import { startCashfreeStandIn, type CashfreeStandIn } from '../src/dev/cashfree-stand-in.ts';
import { TestClock } from '../src/lib/clock.ts';
import { approvedCounsellor, createPerson, makeAdmin, type Person } from './helpers/people.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';
import { IMPORTED_DATA_TIMEOUT_MS } from './helpers/imported-data.ts';
import { databaseKinds } from './helpers/test-database.ts';

const CLIENT_ID = 'cf-test-client';
const SECRET = 'cf-test-secret-0123456789';

/**
 * An independent simulation of a list's outcome, from the per-seat chances and the common share ρ
 * the answer reports (docs/decisions/0027 defines it): every simulated year draws its common shock
 * and every seat's own move (Box-Muller from a plain LCG), and the student gets the first choice
 * whose latent movement is within its chance. Nothing of the app's model code is used.
 */
function simulate(chances: (number | null)[], rho: number, years: number): number[] {
  let s = 987654321;
  const u = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s + 0.5) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  // Φ⁻¹ by bisection on Φ from erf's series-free approximation (Abramowitz-Stegun 7.1.26).
  const cdf = (x: number) => {
    const t = 1 / (1 + 0.3275911 * (Math.abs(x) / Math.SQRT2));
    const e = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-(x * x) / 2);
    return x >= 0 ? (1 + e) / 2 : (1 - e) / 2;
  };
  const quantile = (p: number) => {
    let lo = -10;
    let hi = 10;
    for (let k = 0; k < 80; k++) {
      const mid = (lo + hi) / 2;
      if (cdf(mid) < p) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const t = chances.map((c) => (c === null ? -Infinity : quantile(c)));
  const counts = new Array(chances.length + 1).fill(0);
  for (let y = 0; y < years; y++) {
    const g = normal();
    let got = chances.length;
    for (let i = 0; i < chances.length; i++) {
      if (Math.sqrt(rho) * g + Math.sqrt(1 - rho) * normal() <= t[i]) {
        got = i;
        break;
      }
    }
    counts[got]++;
  }
  return counts.map((c) => c / years);
}

describe.each(databaseKinds)('choice lists on %s', (kind) => {
  let t: TestApp;
  let cf: CashfreeStandIn;
  let clock: TestClock;
  let student: Person;
  let other: Person;
  let results: EngineeringCollege[];
  let reachFirst: EngineeringCollege[];
  const engineer = { category: 'OPEN', gender: 'Male', homeState: 'Maharashtra', mainRank: 20_000 };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: Person, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: who?.auth, ...(payload === undefined ? {} : { payload: payload as object }) });
  const outcomes = (choices: string[], over: Record<string, unknown> = {}) =>
    call('POST', '/choices/outcomes', undefined, { counselling: 'JoSAA', student: engineer, choices, ...over });

  beforeAll(async () => {
    cf = await startCashfreeStandIn({ clientId: CLIENT_ID, clientSecret: SECRET });
    clock = new TestClock();
    t = await buildTestApp(kind, {
      clock,
      env: {
        SUBMISSION_LIMIT: '1000',
        ADDRESS_RATE_LIMIT_FACTOR: '100',
        CASHFREE_CLIENT_ID: CLIENT_ID,
        CASHFREE_CLIENT_SECRET: SECRET,
        CASHFREE_API_BASE: cf.apiBase,
        JOBS_WORKER: 'false',
      },
      // A copy of the run's one import (helpers/imported-data.ts).
      imported: true,
    });
    student = await createPerson(t);
    other = await createPerson(t);
    // The student's results as the predictor gives them, Reach seats included, highest chance first.
    const res = await call('POST', '/college/preferences', student, {
      rank: 20_000,
      examType: '',
      seatType: 'OPEN',
      gender: 'Male',
      homeState: 'Maharashtra',
      includeReach: true,
      sortBy: 'chance',
      pageSize: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    results = res.json().data.colleges;
    expect(results.length).toBe(100);
    // And by closing rank, lowest first: the Reach seats.
    const byRank = await call('POST', '/college/preferences', student, {
      rank: 20_000,
      examType: '',
      seatType: 'OPEN',
      gender: 'Male',
      homeState: 'Maharashtra',
      includeReach: true,
      sortBy: 'rank',
      pageSize: 100,
    });
    reachFirst = byRank.json().data.colleges;
    expect(reachFirst[0].band).not.toBe('Safe');
  }, IMPORTED_DATA_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await cf?.close();
  });

  it("gives each choice the predictor's own chance, outcomes that add up to 100%, and agrees with an independent simulation", async () => {
    // Thirty choices: fifteen Reach and Toss-up seats first, then fifteen of the safest, as a student orders them.
    const list = [...reachFirst.slice(0, 15), ...results.filter((r) => !reachFirst.slice(0, 15).some((x) => x.id === r.id)).slice(0, 15)];
    expect(new Set(list.map((r) => r.band)).size).toBeGreaterThan(2);
    const res = await outcomes(list.map((r) => r.id));
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.choices).toHaveLength(30);
    d.choices.forEach((c: { chance: number; seat: { institute: string }; position: number }, i: number) => {
      expect(c.position).toBe(i + 1);
      expect(c.chance).toBe(list[i].chance);
      expect(c.seat.institute).toBe(list[i]['Institute Name']);
    });
    const shares = d.choices.reduce((a: number, c: { outcome: number }) => a + c.outcome, 0) + d.none;
    expect(shares).toBeCloseTo(1, 9);
    expect(d.choices.reduce((a: number, c: { outcomePercent: number }) => a + c.outcomePercent, 0) + d.nonePercent).toBe(100);
    expect(d.method.rho).toBeGreaterThan(0);
    expect(d.method.rho).toBeLessThan(0.5);
    const sim = simulate(
      d.choices.map((c: { chance: number }) => c.chance),
      d.method.rho,
      100_000,
    );
    d.choices.forEach((c: { outcome: number }, i: number) => expect(Math.abs(c.outcome - sim[i]), `choice ${i + 1}`).toBeLessThan(0.02));
    expect(Math.abs(d.none - sim[30])).toBeLessThan(0.02);
  });

  it('is deterministic, and moving a choice up never lowers its own chance', async () => {
    const ids = [...reachFirst.slice(0, 10), ...results.slice(40, 50)].map((r) => r.id);
    const a = await outcomes(ids);
    const b = await outcomes(ids);
    expect(a.body).toBe(b.body);
    for (const from of [5, 12, 19]) {
      const moved = [...ids];
      const [x] = moved.splice(from, 1);
      moved.splice(from - 4, 0, x);
      const m = (await outcomes(moved)).json().data;
      expect(m.choices[from - 4].outcome).toBeGreaterThanOrEqual(a.json().data.choices[from].outcome);
    }
  });

  it('a list of only Safe seats rarely ends with nothing', async () => {
    const safe = results.filter((r) => r.band === 'Safe').slice(0, 8);
    expect(safe.length).toBe(8);
    const d = (await outcomes(safe.map((r) => r.id))).json().data;
    expect(d.none).toBeLessThan(0.01);
    expect(d.warnings.map((w: { code: string }) => w.code)).not.toContain('no-safety-net');
  });

  it('warns about seats not open to the student, duplicates, unknown seats and a missing safety net', async () => {
    const rows = (await t.db.database.db.execute(
      sql`select id from engineering_reference where scheme = 'josaa' and gender like 'Female%' and seat_type = 'OPEN' and institute_type = 'NIT' limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const female = rows.rows[0].id;
    const reach = reachFirst.slice(0, 3);
    expect(reach.every((r) => r.chance < 0.5)).toBe(true);
    const d = (await outcomes([reach[0].id, female, reach[1].id, reach[0].id, 'no-such-seat', reach[2].id])).json().data;
    const codes = d.warnings.map((w: { code: string; position: number | null }) => `${w.code}@${w.position}`);
    expect(codes).toEqual(expect.arrayContaining(['not-open@2', 'duplicate@4', 'unknown-seat@5', 'freeze-only@1', 'fee-deadline@null']));
    expect(codes.some((c: string) => c.startsWith('no-safety-net'))).toBe(true);
    expect(d.choices[1]).toMatchObject({ chance: null, outcome: 0, outcomePercent: 0 });
    expect(d.choices[3]).toMatchObject({ outcome: 0 });
    expect(d.choices[4]).toMatchObject({ seat: null, outcome: 0 });
  });

  it('judges IIT seats on the JEE Advanced rank and says when it is missing', async () => {
    const rows = (await t.db.database.db.execute(
      sql`select id, closing_rank from engineering_reference where scheme = 'josaa' and institute_type = 'IIT' and seat_type = 'OPEN' and gender = 'Gender-Neutral' and quota = 'AI' order by closing_rank desc limit 1`,
    )) as unknown as { rows: { id: string; closing_rank: number }[] };
    const iit = rows.rows[0];
    const without = (await outcomes([iit.id])).json().data;
    expect(without.choices[0]).toMatchObject({ chance: null, rank: null });
    expect(without.warnings[0].message).toMatch(/JEE Advanced rank/);
    const withRank = (await outcomes([iit.id], { student: { ...engineer, advancedRank: Math.floor(iit.closing_rank / 2) } })).json().data;
    expect(withRank.choices[0].rank).toBe(Math.floor(iit.closing_rank / 2));
    expect(withRank.choices[0].band).toBe('Safe');
  });

  it('judges NIT B.Arch seats on the JEE Main Paper 2A rank only', async () => {
    const rows = (await t.db.database.db.execute(
      sql`select id, closing_rank from engineering_reference where scheme = 'josaa' and rank_paper = '2A' and seat_type = 'OPEN' and gender = 'Gender-Neutral' and eligible_states is null order by closing_rank desc limit 1`,
    )) as unknown as { rows: { id: string; closing_rank: number }[] };
    const arch = rows.rows[0];
    const without = (await outcomes([arch.id])).json().data;
    expect(without.choices[0]).toMatchObject({ chance: null, rank: null });
    expect(without.warnings[0].message).toMatch(/Paper 2A/);
    const withRank = (await outcomes([arch.id], { student: { ...engineer, archRank: Math.floor(arch.closing_rank / 2) } })).json().data;
    expect(withRank.choices[0].rank).toBe(Math.floor(arch.closing_rank / 2));
  });

  it('computes MCC NEET PG lists on the All India Rank', async () => {
    const rows = (await t.db.database.db.execute(
      sql`select id, closing_rank from medical_reference where category = 'OPEN' and quota = 'All India' order by closing_rank limit 200`,
    )) as unknown as { rows: { id: string; closing_rank: number }[] };
    const ids = rows.rows.filter((_, i) => i % 20 === 0).map((r) => r.id);
    const res = await call('POST', '/choices/outcomes', undefined, {
      counselling: 'MCC',
      student: { category: 'General', rank: rows.rows[100].closing_rank },
      choices: ids,
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.choices.reduce((a: number, c: { outcomePercent: number }) => a + c.outcomePercent, 0) + d.nonePercent).toBe(100);
    expect(d.method.dataVersion).toMatch(/^neet-pg:/);
    expect(d.warnings.map((w: { code: string }) => w.code)).not.toContain('freeze-only');
  });

  it('rehearses the rounds on the reference year and on simulated years', async () => {
    const list = [...reachFirst.slice(0, 10), ...results.slice(0, 10)];
    const res = await call('POST', '/choices/rehearse', undefined, { counselling: 'JoSAA', student: engineer, choices: list.map((r) => r.id) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    // The reference year's mock allotment, recomputed here from the results' own round closing ranks (the cards' rounds).
    const rows = (await t.db.database.db.execute(
      sql`select id, chance_card->'rounds' as rounds, institute_id from engineering_reference where id in (${sql.join(
        list.map((r) => sql`${r.id}`),
        sql`, `,
      )})`,
    )) as unknown as { rows: { id: string; rounds: { round: number; closingRank: number }[]; institute_id: string }[] };
    const byId = new Map(rows.rows.map((r) => [r.id, r]));
    const last = Math.max(...rows.rows.flatMap((r) => r.rounds.map((x) => x.round)));
    expect(d.rounds).toEqual(Array.from({ length: last }, (_, k) => k + 1));
    const openIn = (id: string, k: number) => {
      const known = byId.get(id)!.rounds.filter((x) => x.round <= k);
      return known.length > 0 && 20_000 <= known[known.length - 1].closingRank;
    };
    let held: number | null = null;
    d.rounds.forEach((k: number, i: number) => {
      const first = list.findIndex((r) => openIn(r.id, k));
      if (first >= 0 && (held === null || first + 1 < held)) held = first + 1;
      expect(d.reference.float[i]).toBe(held);
    });
    // Freeze keeps the first seat; float never ends lower than freeze.
    const firstHeld = d.reference.freeze.find((x: number | null) => x !== null);
    expect(d.reference.freeze.at(-1)).toBe(firstHeld);
    expect(d.reference.float.at(-1)).toBeLessThanOrEqual(firstHeld);
    for (const s of ['float', 'slide', 'freeze']) {
      const o = d.simulated[s];
      expect(o.final.reduce((a: number, b: number) => a + b, 0) + o.none).toBeCloseTo(1, 9);
    }
    expect(d.simulated.float.none).toBeLessThanOrEqual(d.simulated.freeze.none);
    expect(d.simulated.floatGains).toBeGreaterThan(0);
  });

  it('continues a JoSAA rehearsal into CSAB on the CSAB list, and says the JoSAA seat is final without one', async () => {
    const list = [...reachFirst.slice(0, 10), ...results.slice(0, 10)];
    const body = { counselling: 'JoSAA', student: engineer, choices: list.map((r) => r.id) };
    const alone = (await call('POST', '/choices/rehearse', undefined, body)).json().data;
    expect(alone.afterJosaa.csabList).toBe(false);
    expect(alone.afterJosaa.notes.join(' ')).toMatch(/no CSAB list/);
    for (const s of ['float', 'slide', 'freeze']) {
      const p = alone.afterJosaa.reference[s];
      expect(p.josaa).toBe(alone.reference[s].at(-1));
      expect(p.end).toEqual(p.josaa === null ? null : { list: 'JoSAA', choice: p.josaa, replaced: false });
    }
    expect(alone.afterJosaa.simulated).toBeNull();
    // A CSAB list: an NIT+ all-India OPEN seat whose every CSAB round closes far below rank 20,000, then one far beyond it.
    const seats = (await t.db.database.db.execute(
      sql`select id, closing_rank, year, chance_card->'rounds' as rounds from engineering_reference where scheme = 'csab'
          and seat_type = 'OPEN' and gender = 'Gender-Neutral' and quota = 'AI' order by closing_rank`,
    )) as unknown as { rows: { id: string; closing_rank: number; year: number; rounds: { round: number; closingRank: number }[] }[] };
    const sure = seats.rows.find((r) => r.rounds.length > 1 && r.rounds.every((x) => x.closingRank >= 60_000))!;
    const never = seats.rows.find((r) => r.rounds.every((x) => x.closingRank <= 5_000))!;
    const csab = { student: { category: 'OPEN', gender: 'Male', homeState: 'Maharashtra', mainCrlRank: 20_000 }, choices: [never.id, sure.id] };
    const d = (await call('POST', '/choices/rehearse', undefined, { ...body, csab })).json().data;
    // JoSAA's own rehearsal does not change with a CSAB list after it.
    expect(d.reference).toEqual(alone.reference);
    expect(d.simulated).toEqual(alone.simulated);
    const a = d.afterJosaa;
    expect(a.csabList).toBe(true);
    expect(a.csabYear).toBe(Math.max(never.year, sure.year));
    expect(a.csabRounds).toEqual(Array.from({ length: Math.max(...sure.rounds.map((x) => x.round), ...never.rounds.map((x) => x.round)) }, (_, k) => k + 1));
    for (const s of ['float', 'slide', 'freeze']) {
      const p = a.reference[s];
      // The NIT+ seat (or no seat) held after JoSAA enters CSAB; the sure CSAB seat is held from CSAB's round 1 and replaces it.
      expect(p.notEntered).toBeNull();
      expect(p.csab.every((x: number | null) => x === 2)).toBe(true);
      expect(p.end).toEqual({ list: 'CSAB', choice: 2, replaced: p.josaa !== null });
      const o = a.simulated[s];
      expect(o.josaa + o.csab.reduce((x: number, y: number) => x + y, 0) + o.none).toBeCloseTo(1, 9);
      expect(o.none).toBeLessThanOrEqual(d.simulated[s].none);
      expect(o.csab[1]).toBeGreaterThan(0.9);
    }
    expect(a.notes.join(' ')).toMatch(/JoSAA seat is cancelled/);
    // An IIT seat held after JoSAA does not enter CSAB: it stays the student's seat.
    const iit = (await t.db.database.db.execute(
      sql`select id from engineering_reference where scheme = 'josaa' and institute_type = 'IIT' and seat_type = 'OPEN' and gender = 'Gender-Neutral'
          and quota = 'AI' and closing_rank > 5000 order by closing_rank desc limit 1`,
    )) as unknown as { rows: { id: string }[] };
    const iitRun = (
      await call('POST', '/choices/rehearse', undefined, { counselling: 'JoSAA', student: { ...engineer, advancedRank: 100 }, choices: [iit.rows[0].id], csab })
    ).json().data;
    const withIit = iitRun.afterJosaa;
    expect(withIit.reference.float).toMatchObject({ josaa: 1, csab: [], end: { list: 'JoSAA', choice: 1, replaced: false } });
    expect(withIit.reference.float.notEntered).toMatch(/IIT seat/);
    // On simulated years CSAB is entered only in the years the IIT seat did not open (no JoSAA seat), and never replaces it.
    expect(withIit.simulated.float.replaced).toBe(0);
    expect(withIit.simulated.float.josaa).toBeCloseTo(iitRun.simulated.float.final[0], 9);
    expect(withIit.simulated.float.csab[0] + withIit.simulated.float.csab[1] + withIit.simulated.float.none).toBeCloseTo(iitRun.simulated.float.none, 9);
  });

  it('advises freeze, float or slide from the seat held after a round, from past years only', async () => {
    const list = [...reachFirst.slice(0, 10), ...results.slice(0, 10)];
    const body = { counselling: 'JoSAA', student: engineer, choices: list.map((r) => r.id), round: 1 };
    const held = await call('POST', '/choices/advice', undefined, { ...body, heldChoice: 15 });
    expect(held.statusCode, held.body).toBe(200);
    const d = held.json().data;
    expect(d.higher).toHaveLength(14);
    expect(['float', 'slide', 'freeze']).toContain(d.recommendation);
    expect(d.model.years.every((y: number) => y < d.model.currentYear)).toBe(true);
    expect(d.model.moves).toBeGreaterThan(10_000);
    // A higher choice whose round-1 closing rank is far beyond the rank is nearly certain; one far below it nearly impossible.
    for (const h of d.higher) if (h.closingRank !== null && h.chance !== null) expect(h.chance).toBeGreaterThanOrEqual(h.closingRank >= 40_000 ? 0.9 : 0);
    expect(d.up).toBeGreaterThanOrEqual(Math.max(...d.higher.map((h: { chance: number | null }) => h.chance ?? 0)) - 0.005);
    const top = await call('POST', '/choices/advice', undefined, { ...body, heldChoice: 1 });
    expect(top.json().data.recommendation).toBe('freeze');
    expect((await call('POST', '/choices/advice', undefined, { ...body, heldChoice: 21 })).statusCode).toBe(400);
    expect(
      (await call('POST', '/choices/advice', undefined, { ...body, counselling: 'MCC', student: { category: 'General', rank: 100 }, heldChoice: 2 }))
        .statusCode,
    ).toBe(400);
    expect((await call('POST', '/choices/advice', undefined, { ...body, round: 0, heldChoice: 2 })).statusCode).toBe(400);
    // CSAB: its own round-1 movement, learnt from the CSAB years before its latest, with that model's own backtest.
    const csabSeats = (await t.db.database.db.execute(
      sql`select id from engineering_reference where scheme = 'csab' and seat_type = 'OPEN' and gender = 'Gender-Neutral' and quota = 'AI'
          and closing_rank between 10000 and 40000 order by closing_rank limit 12`,
    )) as unknown as { rows: { id: string }[] };
    const csabBody = { counselling: 'CSAB', student: { ...engineer, mainCrlRank: 20_000 }, choices: csabSeats.rows.map((r) => r.id), round: 1 };
    const csabHeld = await call('POST', '/choices/advice', undefined, { ...csabBody, heldChoice: 12 });
    expect(csabHeld.statusCode, csabHeld.body).toBe(200);
    const c = csabHeld.json().data;
    expect(c.model).toMatchObject({ counselling: 'CSAB', years: [2024], currentYear: 2025 });
    expect(c.model.backtest).toHaveLength(1);
    expect(c.model.backtest[0]).toMatchObject({ year: 2025, trainYears: [2024], round: 1 });
    expect(c.model.backtest[0].roundModel).toBeLessThan(c.model.backtest[0].roundIsFinal);
    expect(c.higher.some((h: { chance: number | null }) => h.chance !== null)).toBe(true);
    // CSAB 2024 had two rounds: nothing was ever learnt about a round 2 before the last, so no chance is made up.
    const round2 = await call('POST', '/choices/advice', undefined, { ...csabBody, round: 2, heldChoice: 12 });
    expect(round2.statusCode).toBe(400);
    expect(round2.json().fieldErrors.round[0]).toMatch(/cannot be measured/);
  }, 300_000);

  it('publishes the backtests of the outcome model and the round-k model, stored once per data version', async () => {
    expect((await call('GET', '/choices/backtests')).json().data).toMatchObject({ computedAt: null, computing: false, outcomes: null, rounds: null });
    const csabRows = (await call('GET', '/choices/backtests')).json().data.csabRounds;
    expect(csabRows.map((r: { year: number; round: number }) => `${r.year}/${r.round}`)).toEqual(['2025/1']);
    expect(csabRows[0].roundModel).toBeLessThan(csabRows[0].roundIsFinal);
    const ctx = { database: t.db.database, config: t.config, log: () => {}, progress: silentProgress };
    expect((await importChoiceBacktests(ctx)).skipped).toBe(false);
    expect((await importChoiceBacktests(ctx)).skipped).toBe(true);
    const d = (await call('GET', '/choices/backtests')).json().data;
    expect(d.outcomes.years.map((y: { year: number }) => y.year)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(d.outcomes.total.brier.model).toBeLessThan(d.outcomes.total.brier.lastYear);
    expect(d.rounds.round1.roundModel).toBeLessThan(d.rounds.round1.lastYear);
    expect(d.rounds.round1.points).toBeGreaterThan(1_000_000);
    for (const a of d.rounds.advice) expect(a.keptOrImprovedAsFloat / a.students).toBeGreaterThan(0.99);
    // Bounded work (the backtests' import, half a minute of CPU) that a busy machine stretches: 563 s at a load average of 23.
  }, 1_800_000);

  it('refuses bad input with a 400 naming the field', async () => {
    const missing = await call('POST', '/choices/outcomes', undefined, { counselling: 'JoSAA', student: { gender: 'Male' }, choices: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors['student.category']).toBeTruthy();
    expect((await call('POST', '/choices/outcomes', undefined, { counselling: 'KCET', student: engineer, choices: [] })).statusCode).toBe(400);
    expect((await outcomes(Array.from({ length: 1001 }, (_, i) => `s${i}`))).statusCode).toBe(400);
    expect(await outcomes(['']).then((r) => r.statusCode)).toBe(400);
    expect((await call('GET', '/choices/lists/not-a-uuid', student)).statusCode).toBe(400);
  });

  it('keeps named lists per student, refuses a stale save, and shares a read-only link that can be revoked', async () => {
    expect((await call('GET', '/choices/lists')).statusCode).toBe(401);
    const items = results.slice(0, 5).map((r) => ({ id: r.id, note: '' }));
    const made = await call('POST', '/choices/lists', student, { name: 'Plan A', counselling: 'JoSAA', student: engineer, items });
    expect(made.statusCode, made.body).toBe(201);
    const list = made.json().data;
    expect(list).toMatchObject({ name: 'Plan A', counselling: 'JoSAA', version: 1, shareToken: null });
    const csab = await call('POST', '/choices/lists', student, { name: 'CSAB', counselling: 'CSAB', student: engineer });
    expect(csab.statusCode).toBe(201);

    const reordered = [items[4], ...items.slice(0, 4)].map((c, i) => ({ ...c, note: i === 0 ? 'dream' : '' }));
    const saved = await call('PUT', `/choices/lists/${list.id}`, student, { items: reordered, version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.version).toBe(2);
    const stale = await call('PUT', `/choices/lists/${list.id}`, student, { items, version: 1 });
    expect(stale.statusCode).toBe(409);
    const again = (await call('GET', `/choices/lists/${list.id}`, student)).json().data;
    expect(again.items).toEqual(reordered);
    expect((await call('GET', `/choices/lists/${list.id}`, other)).statusCode).toBe(404);
    expect((await call('PUT', `/choices/lists/${list.id}`, other, { name: 'mine', version: 2 })).statusCode).toBe(404);

    const summaries = (await call('GET', '/choices/lists', student)).json().data;
    expect(summaries.map((s: { name: string; choices: number }) => `${s.name}:${s.choices}`).sort()).toEqual(['CSAB:0', 'Plan A:5']);

    const shared = await call('POST', `/choices/lists/${list.id}/share`, student);
    const token = shared.json().data.token as string;
    expect(token.length).toBeGreaterThan(20);
    expect((await call('POST', `/choices/lists/${list.id}/share`, student)).json().data.token).toBe(token);
    const open = await call('GET', `/choices/shared/${token}`);
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toMatchObject({ name: 'Plan A', owner: student.username, items: reordered });
    expect(open.json().data.shareToken).toBeUndefined();
    expect((await call('DELETE', `/choices/lists/${list.id}/share`, student)).statusCode).toBe(200);
    expect((await call('GET', `/choices/shared/${token}`)).statusCode).toBe(404);

    expect((await call('DELETE', `/choices/lists/${csab.json().data.id}`, student)).statusCode).toBe(200);
    expect((await call('GET', `/choices/lists/${csab.json().data.id}`, student)).statusCode).toBe(404);
  });

  it("'Add to my choices' makes a list on first use, appends, and never adds a seat twice", async () => {
    const who = await createPerson(t);
    const first = await call('POST', '/choices/add', who, { counselling: 'JoSAA', seatId: results[0].id, student: engineer });
    expect(first.json().data).toMatchObject({ name: 'My JoSAA list', position: 1, added: true });
    const second = await call('POST', '/choices/add', who, { counselling: 'JoSAA', seatId: results[1].id, student: engineer });
    expect(second.json().data).toMatchObject({ listId: first.json().data.listId, position: 2, added: true });
    const twice = await call('POST', '/choices/add', who, { counselling: 'JoSAA', seatId: results[0].id, student: engineer });
    expect(twice.json().data).toMatchObject({ position: 1, added: false });
    expect((await call('POST', '/choices/add', who, { counselling: 'CSAB', seatId: results[0].id, student: engineer })).statusCode).toBe(404);
    // From a college page: the seat named by program, quota, seat type and pool is the reference seat of that counselling.
    const named = (await t.db.database.db.execute(
      sql`select id, institute_id, program_name, quota, seat_type, gender from engineering_reference where scheme = 'josaa' and id <> ${results[0].id}
          and id <> ${results[1].id} order by id limit 1`,
    )) as unknown as { rows: { id: string; institute_id: string; program_name: string; quota: string; seat_type: string; gender: string }[] };
    const n = named.rows[0];
    const seat = { instituteId: n.institute_id, programName: n.program_name, quota: n.quota, seatType: n.seat_type, gender: n.gender };
    const byName = await call('POST', '/choices/add', who, { counselling: 'JoSAA', seat });
    expect(byName.statusCode, byName.body).toBe(200);
    expect(byName.json().data).toMatchObject({ listId: first.json().data.listId, position: 3, added: true });
    const saved = (await call('GET', `/choices/lists/${first.json().data.listId}`, who)).json().data;
    expect(saved.items.map((i: { id: string }) => i.id)).toEqual([results[0].id, results[1].id, n.id]);
    expect((await call('POST', '/choices/add', who, { counselling: 'JoSAA', seat: { ...seat, quota: 'XX' } })).statusCode).toBe(404);
    expect((await call('POST', '/choices/add', who, { counselling: 'JoSAA' })).statusCode).toBe(400);
    expect((await call('POST', '/choices/add', who, { counselling: 'JoSAA', seat, seatId: n.id })).statusCode).toBe(400);
    const cat = await call('GET', '/choices/catalogue?counselling=JoSAA&q=goa&category=OPEN&gender=Male&homeState=Goa', who);
    expect(cat.statusCode, cat.body).toBe(200);
    const seats = cat.json().data.seats as { institute: string; program: string; seatType: string }[];
    expect(seats.length).toBeGreaterThan(0);
    expect(seats.every((s) => s.seatType === 'OPEN' && /goa/i.test(`${s.institute} ${s.program}`))).toBe(true);
    const names = seats.map((s) => `${s.institute}\u0001${s.program}`);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((x) => x));
  });

  it("shows a student's shared lists to the counsellor of a booked session, and to no other counsellor", async () => {
    const admin = await makeAdmin(t);
    const counsellor = await approvedCounsellor(t, admin, { availableDays: [0, 1, 2, 3, 4, 5, 6], timeRanges: [{ start: 480, end: 720 }] });
    const stranger = await approvedCounsellor(t, admin, { availableDays: [0, 1, 2, 3, 4, 5, 6], timeRanges: [{ start: 480, end: 720 }] });
    const who = await createPerson(t);
    const list = (
      await call('POST', '/choices/lists', who, { name: 'For my session', counselling: 'JoSAA', student: engineer, items: [{ id: results[0].id, note: '' }] })
    ).json().data;
    await call('POST', '/choices/lists', who, { name: 'Private', counselling: 'JoSAA', student: engineer });
    await call('POST', `/choices/lists/${list.id}/share`, who);
    const pay = await call('POST', '/cashfree/payment', who, {
      phone: '9876543210',
      counsellorId: counsellor.id,
      selectedDate: addDays(istDate(clock.now()), 2),
      selectedTime: '09:00',
      duration: 12,
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const orderId = pay.json().order_id as string;
    cf.actions.attempt(orderId, 'success', { webhook: false });
    expect((await call('POST', '/cashfree/verify', who, { order_id: orderId })).statusCode).toBe(200);
    const [booking] = (
      (await t.db.database.db.execute(sql`select booking_id as id from payments where order_id = ${orderId}`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const seen = await call('GET', `/choices/sessions/${booking.id}`, counsellor.person);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.map((l: { name: string }) => l.name)).toEqual(['For my session']);
    const token = seen.json().data[0].token as string;
    expect((await call('GET', `/choices/shared/${token}`)).json().data.name).toBe('For my session');
    expect((await call('GET', `/choices/sessions/${booking.id}`, stranger.person)).statusCode).toBe(404);
    expect((await call('GET', `/choices/sessions/${booking.id}`, who)).statusCode).toBe(403);
  });
});
