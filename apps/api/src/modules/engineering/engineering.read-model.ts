import type { Db } from '../../db/client.ts';
import { interner, loadSeatIndex, searchNeedle, seatQuery, type IndexedRow, type SeatIndex } from '../../lib/reference-index.ts';
import {
  createEngineeringRepository,
  orderBy,
  REFERENCE_COLUMNS,
  type ReferenceQuery,
  type ReferenceRecord,
  type StaticSort,
} from './engineering.repository.ts';
import type { ChanceCurve } from '../../lib/chance.ts';

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

type LoadedRow = ReferenceRecord &
  IndexedRow & {
    scheme: string;
    eligible_states: string[] | null;
  };

const bucketKey = (scheme: string, seatType: string, gender: string, instituteType: string, paper: string | null) =>
  `${scheme}\u0001${seatType}\u0001${gender}\u0001${instituteType}\u0001${paper ?? ''}`;

export async function loadEngineeringReadModel(db: Db): Promise<EngineeringReadModel> {
  const rows: ReferenceRecord[] = [];
  const branch: string[] = [];
  const eligibleStates: (readonly string[] | null)[] = [];
  const one = interner();
  const latest = new Map<string, { year: number; round: number; label: string }>();
  const index = await loadSeatIndex<LoadedRow, StaticSort>(
    db,
    {
      table: 'engineering_reference',
      columns: REFERENCE_COLUMNS,
      extra: 'scheme, eligible_states',
      sorts: orderBy,
      bucketOf: (r) => bucketKey(r.scheme, r.seat_type, r.gender, r.institute_type, r.rank_paper),
      adjustmentOf: (r) => ({ shift: r.chance_shift, below: r.chance_below, above: r.chance_above }),
    },
    (r) => {
      branch.push(one(r.branch_group));
      eligibleStates.push(r.eligible_states === null ? null : r.eligible_states.map(one));
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
        chance_card: r.chance_card,
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
  return engineeringQueries({ index, rows, branch, eligibleStates, curves, labels });
}

function engineeringQueries(m: {
  index: SeatIndex<StaticSort>;
  rows: ReferenceRecord[];
  branch: string[];
  eligibleStates: (readonly string[] | null)[];
  curves: Record<'josaa' | 'csab', ChanceCurve | null>;
  labels: Record<'josaa' | 'csab', string | null>;
}): EngineeringReadModel {
  const { index, rows, branch, eligibleStates, curves, labels } = m;
  const { search } = index;
  const query = seatQuery(index);
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
    size: index.size,
    findChanceCurve: async (scheme = 'josaa') => curves[scheme],
    findReferenceLabel: async (scheme) => labels[scheme],
    findMatches(q) {
      const eligible = eligibility(q.homeState);
      const groups = q.branchGroups.length ? new Set(q.branchGroups) : null;
      const needle = q.search ? searchNeedle(q.search) : '';
      const accept = (i: number) => eligible[i] !== 0 && (groups === null || groups.has(branch[i])) && (!needle || search[i].includes(needle));
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
      query.begin();
      for (const type of new Set(q.instituteTypes)) {
        for (const gender of new Set(q.genders)) {
          for (const [seatType, paper, rank] of parts) query.walk(bucketKey(q.scheme, seatType, gender, type, paper), rank, q.includeReach, accept);
        }
      }
      // 'chance': z' for the rank each seat was listed for (the seat group's change of z), as the SQL's chanceOrder(…, adjusted).
      return { rows: query.page(q.sortBy, q.offset, q.limit).map((i) => rows[i]), total: query.total() };
    },
  };
}
