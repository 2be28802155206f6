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
import {
  createEngineeringRepository,
  orderBy,
  REFERENCE_COLUMNS,
  type ReferenceQuery,
  type ReferenceRecord,
  type StaticSort,
} from './engineering.repository.ts';
import type { ChanceCurve, SeatChanceCard } from '../../lib/chance.ts';

/**
 * The engineering predictor's read model (docs/decisions/0018): every `engineering_reference` seat
 * in memory, answering `findMatches` exactly as the SQL of engineering.repository.ts does (same
 * rows, order and total; predictor-read-model.integration.test.ts compares them).
 */
export type EngineeringReadModel = {
  findMatches(q: ReferenceQuery): { rows: ReferenceRecord[]; total: number };
  findChanceCurve(scheme?: 'josaa' | 'csab'): Promise<ChanceCurve | null>;
  findReferenceLabel(scheme: 'josaa' | 'csab'): Promise<string | null>;
  size: number;
};

type LoadedRow = ReferenceRecord & {
  scheme: string;
  reach_rank: number;
  eligible_states: string[] | null;
  search_text: string;
  /** chance_scale as the database computes with it (the real column widened exactly to float8). */
  chance_scale_db: number;
};

const bucketKey = (scheme: string, seatType: string, gender: string, instituteType: string, paper: string | null) =>
  `${scheme}\u0001${seatType}\u0001${gender}\u0001${instituteType}\u0001${paper ?? ''}`;

export async function loadEngineeringReadModel(db: Db): Promise<EngineeringReadModel> {
  const rows: ReferenceRecord[] = [];
  const closing: number[] = [];
  const reach: number[] = [];
  const scale: number[] = [];
  const branch: string[] = [];
  const search: string[] = [];
  const eligibleStates: (readonly string[] | null)[] = [];
  const members = new Map<string, number[]>();
  const one = interner();
  const latest = new Map<string, { year: number; round: number; label: string }>();
  const { count: n, positions } = await readTable<LoadedRow, StaticSort | 'id'>(
    db,
    {
      table: 'engineering_reference',
      columns: `${REFERENCE_COLUMNS.replace('chance_card', 'chance_card::text as chance_card')}, scheme, reach_rank, eligible_states, search_text, chance_scale::float8 as chance_scale_db`,
      sorts: { ...orderBy, id: sql`id asc` },
    },
    (r, i) => {
      closing.push(r.closing_rank);
      reach.push(r.reach_rank);
      scale.push(r.chance_scale_db);
      branch.push(one(r.branch_group));
      search.push(one(r.search_text));
      eligibleStates.push(r.eligible_states === null ? null : r.eligible_states.map(one));
      const key = bucketKey(r.scheme, r.seat_type, r.gender, r.institute_type, r.rank_paper);
      const list = members.get(key);
      if (list) list.push(i);
      else members.set(key, [i]);
      // The row as the SQL path returns it (its columns).
      rows.push({
        id: r.id,
        institute_id: one(r.institute_id),
        institute_name: one(r.institute_name),
        institute_type: one(r.institute_type),
        state: one(r.state),
        program_name: one(r.program_name),
        branch_group: one(r.branch_group),
        quota: one(r.quota),
        seat_type: one(r.seat_type),
        gender: one(r.gender),
        opening_rank: r.opening_rank,
        closing_rank: r.closing_rank,
        year: r.year,
        round: r.round,
        basis: one(r.basis),
        median_salary_lpa: r.median_salary_lpa,
        placement_year: one(r.placement_year),
        nirf_rank: r.nirf_rank,
        nirf_rank_year: r.nirf_rank_year,
        nirf_category: one(r.nirf_category),
        tuition_inr_per_year: r.tuition_inr_per_year,
        tuition_from_year: r.tuition_from_year,
        chance_scale: r.chance_scale,
        chance_wide: r.chance_wide,
        // Read as text and parsed here, as the drivers parse jsonb (JSON.parse), only faster.
        chance_card: JSON.parse(r.chance_card as unknown as string) as SeatChanceCard,
        rank_paper: one(r.rank_paper),
        chance_shift: r.chance_shift,
        chance_below: r.chance_below,
        chance_above: r.chance_above,
        reference_label: one(r.reference_label),
      });
      // The header's label: the scheme's latest year and last round (as findReferenceLabel's SQL).
      const top = latest.get(r.scheme);
      if (!top || r.year > top.year || (r.year === top.year && r.round > top.round))
        latest.set(r.scheme, { year: r.year, round: r.round, label: r.reference_label });
    },
  );
  const repo = createEngineeringRepository(db);
  const curves = { josaa: await repo.findChanceCurve('josaa'), csab: await repo.findChanceCurve('csab') };
  const labels = { josaa: latest.get('josaa')?.label ?? null, csab: latest.get('csab')?.label ?? null };
  const idPosition = positions.id;
  const sorts = Object.fromEntries((Object.keys(orderBy) as StaticSort[]).map((s) => [s, sortOrder(positions[s])])) as Record<StaticSort, SortOrder>;
  const buckets = new Map<string, { byClosing: RankedSeats; byReach: RankedSeats }>();
  for (const [key, seats] of members) {
    buckets.set(key, { byClosing: rankedSeats(seats, (i) => closing[i], idPosition), byReach: rankedSeats(seats, (i) => reach[i], idPosition) });
  }
  return engineeringQueries({
    rows,
    closing: Int32Array.from(closing),
    scale: Float64Array.from(scale),
    idPosition,
    branch,
    search,
    eligibleStates,
    sorts,
    buckets,
    curves,
    labels,
    n,
  });
}

function engineeringQueries(m: {
  rows: ReferenceRecord[];
  closing: Int32Array;
  scale: Float64Array;
  idPosition: Int32Array;
  branch: string[];
  search: string[];
  eligibleStates: (readonly string[] | null)[];
  sorts: Record<StaticSort, SortOrder>;
  buckets: Map<string, { byClosing: RankedSeats; byReach: RankedSeats }>;
  curves: Record<'josaa' | 'csab', ChanceCurve | null>;
  labels: Record<'josaa' | 'csab', string | null>;
  n: number;
}): EngineeringReadModel {
  const { rows, closing, scale, idPosition, branch, search, eligibleStates, sorts, buckets, curves, labels, n } = m;
  const marks = new Uint32Array(n);
  const z = new Float64Array(n);
  // The rank each matched seat was listed for (its part of the query).
  const matchedRank = new Float64Array(n);
  let stamp = 0;
  // Per home state, which seats' quotas it may take (`eligible_states is null or state = any(eligible_states)`).
  const eligibleFor = new Map<string, Uint8Array>();
  const eligibility = (state: string) => {
    let e = eligibleFor.get(state);
    if (!e) {
      e = Uint8Array.from(eligibleStates, (states) => (states === null || states.includes(state) ? 1 : 0));
      if (eligibleFor.size < 1000) eligibleFor.set(state, e);
    }
    return e;
  };

  return {
    size: n,
    findChanceCurve: async (scheme = 'josaa') => curves[scheme],
    findReferenceLabel: async (scheme) => labels[scheme],
    findMatches(q) {
      stamp = (stamp + 1) >>> 0 || 1;
      if (stamp === 1) marks.fill(0);
      const eligible = eligibility(q.homeState);
      const groups = q.branchGroups.length ? new Set(q.branchGroups) : null;
      const needle = q.search ? searchNeedle(q.search) : '';
      const matched: number[] = [];
      // Each part of the query: its seat types and Paper at its rank (parts never share a seat).
      const parts: [string, string | null, number][] = [];
      const seen = new Set<string>();
      for (const part of q.parts) {
        for (const seatType of part.seatTypes) {
          const k = `${seatType}\u0001${part.paper ?? ''}`;
          if (seen.has(k)) continue;
          seen.add(k);
          parts.push([seatType, part.paper, part.rank]);
        }
      }
      // Buckets never overlap (one scheme, seat type, pool, institute type and Paper each), so no seat is counted twice.
      for (const type of new Set(q.instituteTypes)) {
        for (const gender of new Set(q.genders)) {
          for (const [seatType, paper, rank] of parts) {
            const bucket = buckets.get(bucketKey(q.scheme, seatType, gender, type, paper));
            if (!bucket) continue;
            const { seats, ranks } = q.includeReach ? bucket.byReach : bucket.byClosing;
            for (let k = firstAtLeast(ranks, rank); k < seats.length; k++) {
              const i = seats[k];
              if (eligible[i] === 0) continue;
              if (groups !== null && !groups.has(branch[i])) continue;
              if (needle && !search[i].includes(needle)) continue;
              marks[i] = stamp;
              matchedRank[i] = rank;
              matched.push(i);
            }
          }
        }
      }
      let page: number[];
      if (q.sortBy === 'chance') {
        // z' from z = ln(rank / closing rank) / scale, ascending (highest chance first), then closing rank, then id.
        // As the SQL's chanceOrder(…, adjusted): the seat group's change of z.
        for (const i of matched) {
          const z0 = Math.log(matchedRank[i] / closing[i]) / scale[i];
          const row = rows[i];
          z[i] = z0 < row.chance_shift ? (z0 - row.chance_shift) / row.chance_below : (z0 - row.chance_shift) / row.chance_above;
        }
        page = pageBy(
          matched,
          (a, b) => {
            const za = z[a];
            const zb = z[b];
            return za !== zb ? za < zb : closing[a] !== closing[b] ? closing[a] < closing[b] : idPosition[a] < idPosition[b];
          },
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
