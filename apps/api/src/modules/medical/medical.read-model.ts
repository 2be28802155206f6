import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  firstAtLeast,
  interner,
  pageBy,
  pageInOrder,
  rankedSeats,
  readTable,
  searchNeedle,
  sortOrder,
  type RankedSeats,
  type SortOrder,
} from '../../lib/reference-index.ts';
import { createMedicalRepository, orderBy, SEAT_COLUMNS, type MedicalQuery, type MedicalSeatRecord, type StaticSort } from './medical.repository.ts';
import type { ChanceCurve, SeatChanceCard } from '../../lib/chance.ts';

/**
 * The NEET PG predictor's read model (docs/decisions/0018): every `medical_reference` seat and the
 * course catalogue in memory, answering as medical.repository.ts does (same rows, order and total;
 * predictor-read-model.integration.test.ts compares them).
 */
export type MedicalReadModel = {
  findMatches(q: MedicalQuery): { rows: MedicalSeatRecord[]; total: number };
  findChanceCurve(): Promise<ChanceCurve | null>;
  listCourses(): Promise<{ name: string; degree: string }[]>;
  size: number;
};

type LoadedRow = MedicalSeatRecord & {
  reach_rank: number;
  search_text: string;
  /** chance_scale as the database computes with it (the real column widened exactly to float8). */
  chance_scale_db: number;
};

export async function loadMedicalReadModel(db: Db): Promise<MedicalReadModel> {
  const rows: MedicalSeatRecord[] = [];
  const closing: number[] = [];
  const reach: number[] = [];
  const scale: number[] = [];
  const course: string[] = [];
  const search: string[] = [];
  const members = new Map<string, number[]>();
  const one = interner();
  const { count: n, positions } = await readTable<LoadedRow, StaticSort | 'id'>(
    db,
    {
      table: 'medical_reference',
      columns: `${SEAT_COLUMNS.replace('chance_card', 'chance_card::text as chance_card')}, reach_rank, search_text, chance_scale::float8 as chance_scale_db`,
      sorts: { ...orderBy, id: sql`id asc` },
    },
    (r, i) => {
      closing.push(r.closing_rank);
      reach.push(r.reach_rank);
      scale.push(r.chance_scale_db);
      course.push(one(r.course));
      search.push(one(r.search_text));
      const key = `${r.quota}\u0001${r.category}`;
      const list = members.get(key);
      if (list) list.push(i);
      else members.set(key, [i]);
      rows.push({
        id: r.id,
        institute_id: one(r.institute_id),
        institute_name: one(r.institute_name),
        address: one(r.address),
        location: one(r.location),
        state: one(r.state),
        course: one(r.course),
        degree: one(r.degree),
        quota: one(r.quota),
        category: one(r.category),
        opening_rank: r.opening_rank,
        closing_rank: r.closing_rank,
        year: r.year,
        round: r.round,
        annual_fee_inr: r.annual_fee_inr,
        bond_years: r.bond_years,
        bond_penalty_inr: r.bond_penalty_inr,
        chance_scale: r.chance_scale,
        chance_wide: r.chance_wide,
        // Read as text and parsed here, as the drivers parse jsonb (JSON.parse), only faster.
        chance_card: JSON.parse(r.chance_card as unknown as string) as SeatChanceCard,
      });
    },
  );
  const repo = createMedicalRepository(db);
  const curve = await repo.findChanceCurve();
  const courses = await repo.listCourses();
  const idPosition = positions.id;
  const sorts = Object.fromEntries((Object.keys(orderBy) as StaticSort[]).map((s) => [s, sortOrder(positions[s])])) as Record<StaticSort, SortOrder>;
  const buckets = new Map<string, { byClosing: RankedSeats; byReach: RankedSeats }>();
  for (const [key, seats] of members) {
    buckets.set(key, { byClosing: rankedSeats(seats, (i) => closing[i], idPosition), byReach: rankedSeats(seats, (i) => reach[i], idPosition) });
  }
  return medicalQueries({
    rows,
    closing: Int32Array.from(closing),
    scale: Float64Array.from(scale),
    idPosition,
    course,
    search,
    sorts,
    buckets,
    curve,
    courses,
    n,
  });
}

function medicalQueries(m: {
  rows: MedicalSeatRecord[];
  closing: Int32Array;
  scale: Float64Array;
  idPosition: Int32Array;
  course: string[];
  search: string[];
  sorts: Record<StaticSort, SortOrder>;
  buckets: Map<string, { byClosing: RankedSeats; byReach: RankedSeats }>;
  curve: ChanceCurve | null;
  courses: { name: string; degree: string }[];
  n: number;
}): MedicalReadModel {
  const { rows, closing, scale, idPosition, course, search, sorts, buckets, curve, courses, n } = m;
  const marks = new Uint32Array(n);
  const z = new Float64Array(n);
  let stamp = 0;

  return {
    size: n,
    findChanceCurve: async () => curve,
    listCourses: async () => courses,
    findMatches(q) {
      stamp = (stamp + 1) >>> 0 || 1;
      if (stamp === 1) marks.fill(0);
      const wanted = q.courses.length ? new Set(q.courses) : null;
      const needle = q.search ? searchNeedle(q.search) : '';
      const matched: number[] = [];
      for (const category of new Set(q.categories)) {
        const bucket = buckets.get(`${q.quota}\u0001${category}`);
        if (!bucket) continue;
        const { seats, ranks } = q.includeReach ? bucket.byReach : bucket.byClosing;
        for (let k = firstAtLeast(ranks, q.rank); k < seats.length; k++) {
          const i = seats[k];
          if (wanted !== null && !wanted.has(course[i])) continue;
          if (needle && !search[i].includes(needle)) continue;
          marks[i] = stamp;
          matched.push(i);
        }
      }
      let page: number[];
      if (q.sortBy === 'chance') {
        // z = ln(rank / closing rank) / scale, ascending (highest chance first), then closing rank, then id.
        for (const i of matched) z[i] = Math.log(q.rank / closing[i]) / scale[i];
        page = pageBy(
          matched,
          (a, b) => (z[a] !== z[b] ? z[a] < z[b] : closing[a] !== closing[b] ? closing[a] < closing[b] : idPosition[a] < idPosition[b]),
          q.offset,
          q.limit,
        );
      } else {
        page = pageInOrder(sorts[q.sortBy], marks, stamp, matched, q.offset, q.limit);
      }
      return { rows: page.map((i) => rows[i]), total: matched.length };
    },
  };
}
