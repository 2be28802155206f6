import { randomBytes } from 'node:crypto';
import type {
  catalogueQuerySchema,
  createListBodySchema,
  outcomesBodySchema,
  updateListBodySchema,
  addChoiceBodySchema,
  adviceBodySchema,
  rehearseBodySchema,
} from '@rankwise/contract/choices';
import {
  choiceBacktestsSchema,
  CATALOGUE_PAGE_SIZE,
  CHOICE_LIMIT,
  LIST_LIMIT,
  engineeringStudentSchema,
  medicalStudentSchema,
  counsellingLabels,
  type ChoiceList,
  type ChoiceSeat,
  type Counselling,
  type EngineeringStudent,
  type MedicalStudent,
  type OutcomesResponse,
  type AdviceResponse,
  type RehearseResponse,
} from '@rankwise/contract/choices';
import type { z } from 'zod';
import { bandOf } from '@rankwise/contract/chance';
import { AppError } from '../../lib/app-error.ts';
import { toChanceFields } from '../../lib/chance.ts';
import { curveForQuota } from '../../data/chance/neet-pg.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { csabSeatTypes, FEMALE_ONLY, seatTypeOf } from '../engineering/engineering.service.ts';
import { SEAT_CATEGORIES_OF } from '../medical/medical.service.ts';
import type { ChoiceListRecord, ChoicesRepository, findRoundMoves, ListSeatRecord } from './choices.repository.ts';
import { adviseFor } from './advice.ts';
import { closingAt, csabEntry, referenceRehearsal, seasonEnd, simulatedRehearsal, STRATEGIES, type Strategy } from './rehearsal.ts';
import { knowsRound, roundBacktestOf, roundChance, roundModelOf, type RoundBacktestRow, type RoundModel } from './round-model.ts';
import { analyseList, type ListEntry } from './list-analysis.ts';
import { fnv1a } from './normal.ts';
import { commonShockOf, SIMULATED_YEARS, type CommonShock } from './outcome-model.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { curveFor } from '../../lib/chance-curves.ts';

/** The module's repositories: the lists and seats, and the round moves of the round-k model. */
export type ChoicesStore = {
  choices: ChoicesRepository;
  roundMoves(beforeYear: number, counselling: 'JoSAA' | 'CSAB'): ReturnType<typeof findRoundMoves>;
};

type ModelInfo = { info: NonNullable<Awaited<ReturnType<ChoicesRepository['findModelInfo']>>>; shock: CommonShock };

/** What the service keeps between requests: the model facts (a minute), the round-k models and CSAB's round backtest (per data version). */
export type ChoicesCaches = {
  info: Map<string, { at: number; value: Promise<ModelInfo> }>;
  roundModels: Map<string, Promise<RoundModel>>;
  csabBacktest: { version: string; value: Promise<RoundBacktestRow[]> } | null;
};

export const choicesCaches = (): ChoicesCaches => ({ info: new Map(), roundModels: new Map(), csabBacktest: null });

/** The choices module's deps: built once by choices.plugin.ts, on `app.choices`. */
export type ChoicesDeps = {
  uow: UnitOfWork<ChoicesStore>;
  now: () => Date;
  /** Whether the backtests are being computed after a first start (backtests-on-start.ts). */
  backtests?: { computing: boolean };
  caches: ChoicesCaches;
};

const sourceOf = (c: Counselling) => (c === 'MCC' ? 'neet-pg' : c === 'CSAB' ? 'csab' : 'josaa') as 'josaa' | 'csab' | 'neet-pg';
const streamOf = (c: Counselling) => (c === 'MCC' ? 'neet-pg' : 'josaa') as 'josaa' | 'neet-pg';

/** A 400 naming the student's fields as `student.<field>`. */
function parseStudent(counselling: Counselling, student: unknown): EngineeringStudent | MedicalStudent {
  const parsed = (counselling === 'MCC' ? medicalStudentSchema : engineeringStudentSchema).safeParse(student);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fieldErrors[['student', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  throw new AppError('VALIDATION_FAILED', Object.values(fieldErrors)[0][0], fieldErrors);
}

/**
 * Which rank an engineering seat is judged on for this student, or why it is not open to them
 * (the predictor's rules, engineering.service.ts toQuery): IIT seats on the JEE Advanced ranks,
 * others on the JEE Main ranks; the category's seats on the category rank, OPEN seats on the CRL
 * rank; the female-only pool for female candidates; HS/OS/GO/JK/LA quotas by home state. CSAB
 * judges every seat type the category opens on the CRL rank (given as the JEE Main rank). B.Arch and
 * B.Planning at NITs, IIITs and GFTIs: the Paper 2A / 2B rank.
 */
export function engineeringRank(seat: ListSeatRecord, s: EngineeringStudent, counselling: 'JoSAA' | 'CSAB'): { rank: number | null; notOpen: string | null } {
  if (seat.gender === FEMALE_ONLY && s.gender !== 'Female') return { rank: null, notOpen: 'this seat is in the female-only pool.' };
  if (seat.eligible_states !== null && !seat.eligible_states.includes(s.homeState))
    return { rank: null, notOpen: `the ${seat.quota} quota of this seat is not open to candidates from ${s.homeState}.` };
  const own = seatTypeOf[s.category];
  if (counselling === 'CSAB') {
    if (seat.institute_type === 'IIT') return { rank: null, notOpen: 'CSAB does not fill IIT seats.' };
    if (!csabSeatTypes(s.category).includes(seat.seat_type))
      return { rank: null, notOpen: `this is a ${seat.seat_type} seat; your category is ${s.category}.` };
  } else if (seat.seat_type !== own && seat.seat_type !== 'OPEN')
    return { rank: null, notOpen: `this is a ${seat.seat_type} seat; your category is ${s.category}.` };
  if (seat.rank_paper !== null) {
    // B.Arch (Paper 2A) and B.Planning (2B) at NITs, IIITs and GFTIs: the category's seats on the Paper 2 rank only (decision 0021).
    const paper = seat.rank_paper === '2A' ? s.archRank : s.planningRank;
    const name = seat.rank_paper === '2A' ? 'JEE Main Paper 2A (B.Arch)' : 'JEE Main Paper 2B (B.Planning)';
    if (counselling === 'JoSAA' && seat.seat_type !== own) return { rank: null, notOpen: `${name} seats are judged on your category's seats only.` };
    return paper === undefined ? { rank: null, notOpen: `enter your ${name} rank to judge this seat.` } : { rank: paper, notOpen: null };
  }
  if (counselling === 'CSAB') {
    const rank = s.mainCrlRank ?? s.mainRank ?? null;
    return rank === null ? { rank: null, notOpen: 'enter your JEE Main CRL rank to judge CSAB seats.' } : { rank, notOpen: null };
  }
  const iit = seat.institute_type === 'IIT';
  const exam = iit ? 'JEE Advanced' : 'JEE Main';
  const categoryRank = iit ? s.advancedRank : s.mainRank;
  const crl = own === 'OPEN' ? categoryRank : iit ? s.advancedCrlRank : s.mainCrlRank;
  const rank = seat.seat_type === own ? categoryRank : crl;
  if (rank === undefined)
    return {
      rank: null,
      notOpen:
        seat.seat_type === own
          ? `enter your ${exam} rank to judge ${iit ? 'IIT' : 'NIT, IIIT and GFTI'} seats.`
          : `enter your ${exam} CRL rank to judge OPEN seats.`,
    };
  return { rank, notOpen: null };
}

export function medicalRank(seat: ListSeatRecord, s: MedicalStudent): { rank: number | null; notOpen: string | null } {
  return SEAT_CATEGORIES_OF[s.category].includes(seat.seat_type)
    ? { rank: s.rank, notOpen: null }
    : { rank: null, notOpen: `this is a ${seat.seat_type} seat; your category is ${s.category}.` };
}

export function toChoiceSeat(r: ListSeatRecord): ChoiceSeat {
  return {
    id: r.id,
    institute: r.institute_name,
    instituteId: r.institute_id,
    program: r.program_name,
    quota: r.quota,
    seatType: r.seat_type,
    gender: r.gender,
    closingRank: r.closing_rank,
    year: r.year,
    round: r.round,
    packageLpa: r.median_salary_lpa,
    feesInr: r.fees_inr,
  };
}

const CACHE_MS = 60_000;

/** Why MCC lists get no in-season chances (docs/decisions/0027). */
export const MCC_NO_ADVICE =
  'In-season advice is not given for MCC lists: NEET PG round-by-round closing ranks are in the data for 2024 (as rank ranges) and 2025 only, too few to measure and check how a round’s closing ranks move to the last round.';

const columns = (seat: ListSeatRecord) => ({
  closingRank: seat.closing_rank,
  chanceScale: seat.chance_scale,
  wideBand: seat.chance_wide,
  card: seat.chance_card,
  adjustment: { shift: seat.chance_shift, below: seat.chance_below, above: seat.chance_above },
});

const curveRepos = (d: ChoicesDeps) => ({
  josaa: { findChanceCurve: () => d.uow.store.choices.findChanceCurve('josaa') },
  'neet-pg': { findChanceCurve: () => d.uow.store.choices.findChanceCurve('neet-pg') },
});

/** The stream's model facts and the common shock measured from JoSAA's backtest (NEET PG has one year pair: it borrows JoSAA's), kept a minute. */
function modelOf(d: ChoicesDeps, stream: 'josaa' | 'neet-pg') {
  const hit = d.caches.info.get(stream);
  if (hit && performance.now() - hit.at < CACHE_MS) return hit.value;
  const value = (async () => {
    const [info, josaa] = await Promise.all([
      d.uow.store.choices.findModelInfo(stream),
      stream === 'josaa' ? null : d.uow.store.choices.findModelInfo('josaa'),
    ]);
    if (!info) throw new AppError('UNAVAILABLE', 'The chance model has not been imported yet');
    const shock = commonShockOf((josaa ?? info).backtest.years);
    return { info, shock };
  })();
  value.catch(() => d.caches.info.delete(stream));
  d.caches.info.set(stream, { at: performance.now(), value });
  return value;
}

/** The list's seats judged for the student: each choice's seat, rank and own chance (a repeated seat only at its first place). */
async function resolve(d: ChoicesDeps, input: { counselling: Counselling; student: unknown; choices: string[] }) {
  const counselling = input.counselling;
  const student = parseStudent(counselling, input.student);
  const stream = streamOf(counselling);
  const [seats, curve, model] = await Promise.all([
    d.uow.store.choices.findSeats(sourceOf(counselling), [...new Set(input.choices)]),
    curveFor(curveRepos(d)[stream]),
    modelOf(d, stream),
  ]);
  const byId = new Map(seats.map((s) => [s.id, s]));
  const ranks: (number | null)[] = [];
  const entries: ListEntry[] = input.choices.map((id) => {
    const seat = byId.get(id);
    if (!seat) {
      ranks.push(null);
      return { id, seat: null, chance: null, notOpen: null };
    }
    const judged = counselling === 'MCC' ? medicalRank(seat, student as MedicalStudent) : engineeringRank(seat, student as EngineeringStudent, counselling);
    ranks.push(judged.rank);
    const chance =
      judged.rank === null
        ? null
        : toChanceFields(
            // NEET PG calibrates the DNB quota apart (docs/decisions/0014).
            counselling === 'MCC' ? curveForQuota(curve, seat.quota) : curve,
            columns(seat),
            judged.rank,
          ).chance;
    const c = toChoiceSeat(seat);
    return { id, seat: { ...c }, chance, notOpen: judged.notOpen };
  });
  const dataVersion = `${model.info.stream}:${model.info.referenceYear}:${model.info.computedAt}`;
  const seed = fnv1a(dataVersion);
  const seen = new Set<string>();
  const allotable = entries.map((e) => {
    const first = !seen.has(e.id);
    seen.add(e.id);
    return first && e.seat !== null && e.notOpen === null && e.chance !== null;
  });
  return { counselling, student, entries, ranks, byId, curve, model, dataVersion, seed, allotable };
}

export async function outcomes(d: ChoicesDeps, input: z.output<typeof outcomesBodySchema>): Promise<OutcomesResponse> {
  const { counselling, entries, ranks, byId, model, dataVersion, seed } = await resolve(d, input);
  const a = analyseList(entries, { rho: model.shock.rho, seed, counselling, sortBy: input.sortBy });
  return {
    data: {
      counselling,
      choices: entries.map((e, i) => ({
        position: i + 1,
        id: e.id,
        seat: e.seat ? { ...toChoiceSeat(byId.get(e.id)!) } : null,
        chance: e.notOpen === null ? e.chance : null,
        band: e.notOpen === null && e.chance !== null ? bandOf(e.chance) : null,
        rank: ranks[i],
        outcome: a.outcome[i],
        outcomePercent: a.outcomePercent[i],
      })),
      none: a.none,
      nonePercent: a.nonePercent,
      warnings: a.warnings,
      method: { rho: model.shock.rho, simulatedYears: SIMULATED_YEARS, seed, referenceYear: model.info.referenceYear, dataVersion },
    },
  };
}

/** The round-k model from the counselling's years before the reference year, once per data version. */
function roundModelFor(d: ChoicesDeps, dataVersion: string, referenceYear: number, counselling: 'JoSAA' | 'CSAB' = 'JoSAA') {
  const key = `${dataVersion}|${counselling}|${referenceYear}`;
  let m = d.caches.roundModels.get(key);
  if (!m) {
    m = d.uow.store.roundMoves(referenceYear, counselling).then(roundModelOf);
    m.catch(() => d.caches.roundModels.delete(key));
    if (d.caches.roundModels.size >= 4) d.caches.roundModels.clear();
    d.caches.roundModels.set(key, m);
  }
  return m;
}

/** CSAB's own backtest of the round-k model (every CSAB year after its first), once per data version. */
function csabRoundBacktest(d: ChoicesDeps, dataVersion: string) {
  const c = d.caches;
  if (c.csabBacktest?.version !== dataVersion) {
    const value = d.uow.store.roundMoves(10_000, 'CSAB').then(roundBacktestOf);
    value.catch(() => (c.csabBacktest = null));
    c.csabBacktest = { version: dataVersion, value };
  }
  return c.csabBacktest.value;
}

type Resolved = Awaited<ReturnType<typeof resolve>>;

/** The list's mock allotment on its seats' published rounds, and each choice's chance per round (the seat judged against its round-k closing rank). */
function roundsOfList(r: Resolved) {
  const seats = r.entries.map((e) => ({ institute: e.seat?.instituteId ?? `?${e.id}`, rounds: r.byId.get(e.id)?.chance_card.rounds ?? [] }));
  const ranks = r.ranks.map((x, i) => (r.allotable[i] ? x : null));
  const ref = referenceRehearsal(seats, ranks);
  // A seat's chance at round k: judged against its round-k closing rank (the reference year's ratio to the final one).
  const chances = r.entries.map((e, i) => {
    const seat = r.byId.get(e.id);
    const rank = ranks[i];
    return ref.rounds.map((k) => {
      const ck = seat ? closingAt(seat.chance_card.rounds, k) : null;
      if (!seat || rank === null || ck === null) return null;
      const scaled = Math.max(1, Math.round((rank * seat.closing_rank) / ck));
      return toChanceFields(r.counselling === 'MCC' ? curveForQuota(r.curve, seat.quota) : r.curve, columns(seat), scaled).chance;
    });
  });
  return { seats, ref, chances };
}

export async function rehearse(d: ChoicesDeps, input: z.output<typeof rehearseBodySchema>): Promise<RehearseResponse> {
  const [r, c] = await Promise.all([
    resolve(d, input),
    input.counselling === 'JoSAA' && input.csab ? resolve(d, { counselling: 'CSAB', student: input.csab.student, choices: input.csab.choices }) : null,
  ]);
  const { seats, ref, chances } = roundsOfList(r);
  const csab = c ? roundsOfList(c) : null;
  const instituteTypeOf = (held: number | null) => (held === null ? null : { instituteType: r.byId.get(r.entries[held].id)?.institute_type ?? null });
  const sim = simulatedRehearsal(
    chances,
    seats.map((s) => s.institute),
    {
      rho: r.model.shock.rho,
      seed: r.seed,
      ...(csab ? { csab: { roundChance: csab.chances, enters: (held: number | null) => csabEntry(instituteTypeOf(held)) === null } } : {}),
    },
  );
  const oneBased = (p: (number | null)[]) => p.map((x) => (x === null ? null : x + 1));
  const csabFloat = csab?.ref.paths.float ?? [];
  const chainPath = (s: Strategy) => {
    const josaa = ref.paths[s].at(-1) ?? null;
    const notEntered = csab ? csabEntry(instituteTypeOf(josaa)) : 'You have no CSAB list.';
    const end = seasonEnd(josaa, notEntered === null ? (csabFloat.at(-1) ?? null) : null, notEntered === null);
    return {
      josaa: josaa === null ? null : josaa + 1,
      notEntered,
      csab: notEntered === null ? oneBased(csabFloat) : [],
      end: end && { ...end, choice: end.choice + 1 },
    };
  };
  const csabYears = c ? [...c.byId.values()].map((s) => s.year) : [];
  return {
    data: {
      counselling: r.counselling,
      referenceYear: r.model.info.referenceYear,
      rounds: ref.rounds,
      reference: { float: oneBased(ref.paths.float), slide: oneBased(ref.paths.slide), freeze: oneBased(ref.paths.freeze) },
      simulated: {
        years: sim.years,
        ...Object.fromEntries(STRATEGIES.map((s) => [s, sim.final[s]])),
        holding: sim.holding,
        floatGains: sim.floatGains,
      } as RehearseResponse['data']['simulated'],
      afterJosaa:
        r.counselling !== 'JoSAA'
          ? null
          : {
              csabList: c !== null,
              csabYear: csabYears.length ? Math.max(...csabYears) : null,
              csabRounds: csab?.ref.rounds ?? [],
              reference: { float: chainPath('float'), slide: chainPath('slide'), freeze: chainPath('freeze') },
              simulated: sim.chain ?? null,
              notes: c
                ? [
                    'CSAB needs its own registration and its own choice list after JoSAA; your JoSAA list does not carry over.',
                    'If CSAB allots you a seat while you hold a JoSAA seat, the JoSAA seat is cancelled: put on your CSAB list only seats you prefer to the one you hold.',
                    'A student holding an IIT seat is not rehearsed in CSAB: CSAB fills NIT, IIIT and GFTI seats only.',
                    'In CSAB’s rounds the rehearsal floats: a CSAB seat you hold is never lost to a later CSAB round.',
                  ]
                : [
                    'You have no CSAB list, so the rehearsal ends with JoSAA’s last round: the JoSAA seat you hold then (or none) is your seat. Make a CSAB list to rehearse CSAB’s special rounds after JoSAA.',
                  ],
            },
    },
  };
}

export async function advice(d: ChoicesDeps, input: z.output<typeof adviceBodySchema>): Promise<AdviceResponse> {
  if (input.counselling === 'MCC') throw new AppError('VALIDATION_FAILED', MCC_NO_ADVICE, { counselling: [MCC_NO_ADVICE] });
  if (input.heldChoice > input.choices.length)
    throw new AppError('VALIDATION_FAILED', `Your list has ${input.choices.length} choices`, {
      heldChoice: [`Your list has ${input.choices.length} choices`],
    });
  const r = await resolve(d, input);
  const held = input.heldChoice - 1;
  if (!r.allotable[held])
    throw new AppError('VALIDATION_FAILED', 'That choice is not a seat you can be allotted', {
      heldChoice: ['That choice is not a seat you can be allotted'],
    });
  const csab = input.counselling === 'CSAB';
  // CSAB: its own rounds' movement, from the CSAB years before its latest year in the data (decision 0027).
  const csabYears = csab ? [...r.byId.values()].map((x) => x.year) : [];
  const currentYear = csab ? (csabYears.length ? Math.max(...csabYears) : r.model.info.referenceYear) : r.model.info.referenceYear;
  const model = await roundModelFor(d, r.dataVersion, currentYear, csab ? 'CSAB' : 'JoSAA');
  if (csab && !knowsRound(model, input.round)) {
    const message = model.moves
      ? `No CSAB year before ${currentYear} has a round ${input.round} before its last round (${model.years.join(', ')}), so how closing ranks move from round ${input.round} cannot be measured: no chance is given.`
      : `No CSAB year before ${currentYear} is in the data, so how closing ranks move from a round to the last cannot be measured: no chance is given.`;
    throw new AppError('VALIDATION_FAILED', message, { round: [message] });
  }
  const higher = r.entries.slice(0, held).map((e, j) => {
    const seat = r.byId.get(e.id);
    const ck = seat ? closingAt(seat.chance_card.rounds, input.round) : null;
    const rank = r.allotable[j] ? r.ranks[j] : null;
    return { position: j + 1, closingRank: ck, chance: ck === null || rank === null ? null : roundChance(model, input.round, ck, rank) };
  });
  const a = adviseFor({
    held,
    institutes: r.entries.map((e) => e.seat?.instituteId ?? `?${e.id}`),
    chances: higher.map((h) => h.chance),
    rho: r.model.shock.rho,
    seed: r.seed,
    counselling: csab ? 'CSAB' : 'JoSAA',
  });
  const backtest = csab ? (await csabRoundBacktest(d, r.dataVersion)).filter((b) => b.round === input.round) : [];
  return {
    data: {
      round: input.round,
      heldChoice: input.heldChoice,
      recommendation: a.recommendation,
      reason: a.reason,
      up: a.up,
      upSameInstitute: a.upSameInstitute,
      higher,
      model: { counselling: csab ? 'CSAB' : 'JoSAA', years: model.years, moves: model.moves, currentYear, backtest },
    },
  };
}

export async function catalogue(d: ChoicesDeps, user: AuthUser, q: z.output<typeof catalogueQuerySchema>) {
  void user;
  const source = sourceOf(q.counselling);
  let seatTypes: string[] | null = null;
  let genders: string[] | null = null;
  if (q.category !== undefined) {
    if (q.counselling === 'MCC') {
      const cats = Object.hasOwn(SEAT_CATEGORIES_OF, q.category) ? SEAT_CATEGORIES_OF[q.category as MedicalStudent['category']] : undefined;
      if (!cats) throw new AppError('VALIDATION_FAILED', 'Unknown category', { category: ['Unknown category'] });
      seatTypes = cats;
    } else {
      const own = Object.hasOwn(seatTypeOf, q.category) ? seatTypeOf[q.category] : undefined;
      if (!own) throw new AppError('VALIDATION_FAILED', 'Unknown category', { category: ['Unknown category'] });
      seatTypes = [...new Set([own, 'OPEN'])];
    }
  }
  if (q.gender !== undefined && q.counselling !== 'MCC') genders = q.gender === 'Female' ? ['Gender-Neutral', FEMALE_ONLY] : ['Gender-Neutral'];
  const { rows, total } = await d.uow.store.choices.catalogue(source, {
    seatTypes,
    genders,
    homeState: q.counselling === 'MCC' ? null : (q.homeState ?? null),
    needle: q.q.trim().toLowerCase(),
    limit: CATALOGUE_PAGE_SIZE,
    offset: (q.page - 1) * CATALOGUE_PAGE_SIZE,
  });
  return { data: { seats: rows.map(toChoiceSeat), total, page: q.page, pageSize: CATALOGUE_PAGE_SIZE } };
}

const toList = (r: ChoiceListRecord): ChoiceList => ({
  id: r.id,
  name: r.name,
  counselling: r.counselling,
  student: r.student as Record<string, unknown>,
  items: r.items,
  version: r.version,
  shareToken: r.shareToken,
  updatedAt: r.updatedAt.toISOString(),
});

async function ownList(d: ChoicesDeps, user: AuthUser, id: string) {
  const row = await d.uow.store.choices.find(user.id, id);
  if (!row) throw new AppError('NOT_FOUND', 'List not found');
  return row;
}

/** /methodology's section on choice lists: the stored backtests (null until the import has run), and CSAB's round-k backtest (from the database, cheap). */
export async function backtests(d: ChoicesDeps) {
  const csabBacktestNow = async () => {
    const info = await d.uow.store.choices.findModelInfo('josaa');
    return info ? csabRoundBacktest(d, `josaa:${info.referenceYear}:${info.computedAt}`) : [];
  };
  const rows = await d.uow.store.choices.findBacktests();
  const of = (name: string) => rows.find((r) => r.name === name);
  return choiceBacktestsSchema.parse({
    data: {
      computedAt: of('outcomes')?.computed_at ?? null,
      outcomes: of('outcomes')?.figures ?? null,
      rounds: of('rounds')?.figures ?? null,
      computing: d.backtests?.computing ?? false,
      csabRounds: await csabBacktestNow(),
    },
  });
}

export async function lists(d: ChoicesDeps, user: AuthUser) {
  const rows = await d.uow.store.choices.listsOf(user.id);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      counselling: r.counselling,
      version: r.version,
      shareToken: r.shareToken,
      updatedAt: r.updatedAt.toISOString(),
      choices: r.items.length,
    })),
  };
}

export async function create(d: ChoicesDeps, user: AuthUser, body: z.output<typeof createListBodySchema>) {
  const student = parseStudent(body.counselling, body.student);
  if ((await d.uow.store.choices.countOf(user.id)) >= LIST_LIMIT) throw new AppError('CONFLICT', `You can keep at most ${LIST_LIMIT} lists; delete one first`);
  const row = await d.uow.store.choices.insert({ userId: user.id, name: body.name, counselling: body.counselling, student, items: body.items, now: d.now() });
  return { data: toList(row) };
}

export async function get(d: ChoicesDeps, user: AuthUser, id: string) {
  return { data: toList(await ownList(d, user, id)) };
}

export async function update(d: ChoicesDeps, user: AuthUser, id: string, body: z.output<typeof updateListBodySchema>) {
  const current = await ownList(d, user, id);
  const student = body.student === undefined ? undefined : parseStudent(current.counselling, body.student);
  const row = await d.uow.store.choices.update(user.id, id, body.version, { name: body.name, student, items: body.items, now: d.now() });
  if (!row) throw new AppError('CONFLICT', 'This list was changed on another device or tab; reload it to see the latest version');
  return { data: toList(row) };
}

export async function remove(d: ChoicesDeps, user: AuthUser, id: string) {
  if (!(await d.uow.store.choices.remove(user.id, id))) throw new AppError('NOT_FOUND', 'List not found');
  return { message: 'List deleted' };
}

/** Adds a seat to the student's latest list of the counselling, made (named after it) when there is none. */
export async function add(d: ChoicesDeps, user: AuthUser, body: z.output<typeof addChoiceBodySchema>) {
  const student = body.student === undefined ? null : parseStudent(body.counselling, body.student);
  const source = sourceOf(body.counselling);
  let seatId = body.seatId ?? null;
  if (body.seat) {
    // A college page names the seat by program, quota, seat type and pool: the reference seat of the counselling's latest year.
    if (source === 'neet-pg') throw new AppError('VALIDATION_FAILED', 'MCC seats are added by their id', { seat: ['MCC seats are added by their id'] });
    seatId = await d.uow.store.choices.findSeatId(source, body.seat);
    if (!seatId)
      throw new AppError('NOT_FOUND', `This seat is not offered in ${counsellingLabels[body.counselling]}'s latest year in the data, so it cannot be a choice`);
  }
  const [seat] = seatId ? await d.uow.store.choices.findSeats(source, [seatId]) : [];
  if (!seat || !seatId) throw new AppError('NOT_FOUND', `This seat is not in the ${counsellingLabels[body.counselling]} data`);
  return d.uow.transaction(async ({ choices: repo }) => {
    const now = d.now();
    const list = await repo.latestOf(user.id, body.counselling, { lock: true });
    if (!list) {
      if (student === null)
        throw new AppError('CONFLICT', `Add a seat from your results first: a new ${counsellingLabels[body.counselling]} list needs your ranks`);
      if ((await repo.countOf(user.id)) >= LIST_LIMIT) throw new AppError('CONFLICT', `You can keep at most ${LIST_LIMIT} lists; delete one first`);
      const made = await repo.insert({
        userId: user.id,
        name: `My ${counsellingLabels[body.counselling]} list`,
        counselling: body.counselling,
        student,
        items: [{ id: seatId, note: '' }],
        now,
      });
      return { data: { listId: made.id, name: made.name, position: 1, added: true } };
    }
    const at = list.items.findIndex((c) => c.id === seatId);
    if (at >= 0) return { data: { listId: list.id, name: list.name, position: at + 1, added: false } };
    if (list.items.length >= CHOICE_LIMIT) throw new AppError('CONFLICT', `A list can have at most ${CHOICE_LIMIT} choices`);
    const saved = await repo.update(user.id, list.id, list.version, { items: [...list.items, { id: seatId, note: '' }], now });
    if (!saved) throw new AppError('CONFLICT', 'This list was changed meanwhile; try again');
    return { data: { listId: saved.id, name: saved.name, position: saved.items.length, added: true } };
  });
}

export async function share(d: ChoicesDeps, user: AuthUser, id: string) {
  const list = await ownList(d, user, id);
  if (list.shareToken) return { data: { token: list.shareToken } };
  const token = randomBytes(18).toString('base64url');
  const row = await d.uow.store.choices.setShareToken(user.id, id, token);
  if (!row) throw new AppError('NOT_FOUND', 'List not found');
  return { data: { token } };
}

export async function unshare(d: ChoicesDeps, user: AuthUser, id: string) {
  await ownList(d, user, id);
  await d.uow.store.choices.setShareToken(user.id, id, null);
  return { message: 'The share link no longer opens this list' };
}

export async function shared(d: ChoicesDeps, token: string) {
  const row = await d.uow.store.choices.findShared(token);
  if (!row) throw new AppError('NOT_FOUND', 'This share link does not open a list (it may have been revoked)');
  return {
    data: {
      id: row.id,
      name: row.name,
      counselling: row.counselling,
      student: row.student as Record<string, unknown>,
      items: row.items,
      updatedAt: row.updatedAt.toISOString(),
      owner: row.owner,
    },
  };
}

export async function sessionLists(d: ChoicesDeps, user: AuthUser, bookingId: string) {
  const studentId = await d.uow.store.choices.sessionStudent(user.id, bookingId);
  if (!studentId) throw new AppError('NOT_FOUND', 'No booked session of yours with this id');
  const rows = await d.uow.store.choices.sharedListsOf(studentId);
  return {
    data: rows.map((r) => ({
      id: r.id,
      name: r.name,
      counselling: r.counselling,
      student: r.student as Record<string, unknown>,
      items: r.items,
      updatedAt: new Date(r.updated_at).toISOString(),
      owner: r.owner,
      token: r.share_token,
    })),
  };
}
