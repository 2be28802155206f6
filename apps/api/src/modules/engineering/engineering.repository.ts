import type { EngineeringSort } from '@rankwise/contract/engineering';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { curveOfRow } from '../../lib/chance.ts';
import { chanceOrder, listedFor } from '../../lib/chance-sql.ts';
import { findPage, inList, searchTextMatches } from '../../lib/paged-query.ts';
import type { ChanceCurve } from '../../data/chance/model.ts';
import type { SeatChanceCard } from '../../data/chance/seat-chances.ts';

export type ReferenceQuery = {
  scheme: 'josaa' | 'csab';
  instituteTypes: string[];
  genders: string[];
  seatType: string;
  rank: number;
  /** CRL rank matched against OPEN seats (reserved categories only), or null. */
  crlRank: number | null;
  homeState: string;
  branchGroups: string[];
  search: string;
  sortBy: EngineeringSort;
  /** Also Reach seats: closing rank below the rank, chance at least 15% (docs/decisions/0014). */
  includeReach: boolean;
  limit: number;
  offset: number;
};

/** The columns a result is made from. */
export const REFERENCE_COLUMNS =
  'id, institute_id, institute_name, institute_type, state, program_name, branch_group, quota, seat_type, gender, opening_rank, closing_rank, year, round, basis, median_salary_lpa, placement_year, nirf_rank, nirf_rank_year, tuition_inr_per_year, tuition_from_year, chance_scale, chance_wide, chance_card';

export type ReferenceRecord = {
  id: string;
  institute_id: string;
  institute_name: string;
  institute_type: 'IIT' | 'NIT' | 'IIIT' | 'GFTI';
  state: string | null;
  program_name: string;
  branch_group: string;
  quota: string;
  seat_type: string;
  gender: string;
  opening_rank: number;
  closing_rank: number;
  year: number;
  round: number;
  basis: 'JoSAA' | 'CSAB';
  median_salary_lpa: number | null;
  placement_year: string | null;
  nirf_rank: number | null;
  nirf_rank_year: number | null;
  tuition_inr_per_year: number | null;
  tuition_from_year: number | null;
  chance_scale: number;
  chance_wide: boolean;
  chance_card: SeatChanceCard;
};

/** The rank a row was matched on: the CRL rank for OPEN seats of a reserved-category student, else the rank. */
function matchedRank(q: ReferenceQuery): SQL {
  return q.crlRank === null ? sql`${q.rank}` : sql`(case when seat_type = ${q.seatType} then ${q.rank} else ${q.crlRank} end)`;
}

/** The sorts that do not depend on the student's rank (every one but 'chance'). */
export type StaticSort = Exclude<ReferenceQuery['sortBy'], 'chance'>;

// Text sorts use the "C" collation so PGlite and PostgreSQL (whatever its default collation) order alike.
export const orderBy: Record<StaticSort, SQL> = {
  rank: sql`closing_rank asc, institute_name collate "C" asc, program_name collate "C" asc, id asc`,
  package: sql`median_salary_lpa desc nulls last, closing_rank asc, id asc`,
  fees: sql`tuition_inr_per_year asc nulls last, closing_rank asc, id asc`,
  program: sql`program_name collate "C" asc, closing_rank asc, id asc`,
  college: sql`institute_name collate "C" asc, program_name collate "C" asc, closing_rank asc, id asc`,
};

/** The eligibility rules as SQL (each rule's source is stated in engineering.service.ts). */
function whereClause(q: ReferenceQuery): SQL {
  const parts: SQL[] = [
    sql`scheme = ${q.scheme}`,
    inList('institute_type', q.instituteTypes),
    inList('gender', q.genders),
    q.crlRank === null
      ? sql`(seat_type = ${q.seatType} and ${listedFor(q.rank, q.includeReach)})`
      : sql`((seat_type = ${q.seatType} and ${listedFor(q.rank, q.includeReach)}) or (seat_type = 'OPEN' and ${listedFor(q.crlRank, q.includeReach)}))`,
    // Quota: the importer wrote, for every seat, who may take its quota (data/josaa/home-state-quotas.ts).
    sql`(eligible_states is null or ${q.homeState} = any(eligible_states))`,
  ];
  if (q.branchGroups.length) parts.push(inList('branch_group', q.branchGroups));
  if (q.search) parts.push(searchTextMatches(q.search));
  return sql.join(parts, sql` and `);
}

export function createEngineeringRepository(db: Db) {
  return {
    /** One page of matching seats, each carrying the total match count. */
    async findMatches(q: ReferenceQuery): Promise<{ rows: ReferenceRecord[]; total: number }> {
      return findPage<ReferenceRecord>(db, {
        columns: sql.raw(REFERENCE_COLUMNS),
        table: sql.raw('engineering_reference'),
        where: whereClause(q),
        orderBy: q.sortBy === 'chance' ? sql`${chanceOrder(matchedRank(q))}, closing_rank asc, id asc` : orderBy[q.sortBy],
        limit: q.limit,
        offset: q.offset,
      });
    },
    /** The JoSAA chance curve the importer stored (move table and calibration table). */
    async findChanceCurve(): Promise<ChanceCurve | null> {
      const r = (await db.execute(sql`select move_table, calibration from chance_models where stream = 'josaa'`)) as unknown as {
        rows: { move_table: number[]; calibration: ChanceCurve['calibration'] }[];
      };
      return curveOfRow(r.rows[0]);
    },
  };
}
export type EngineeringRepository = ReturnType<typeof createEngineeringRepository>;
