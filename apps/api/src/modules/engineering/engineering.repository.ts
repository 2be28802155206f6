import type { EngineeringSort } from '@rankwise/contract/engineering';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chanceOrder, listedFor } from '../../lib/chance-sql.ts';
import { findPage, inList, searchTextMatches } from '../../lib/paged-query.ts';
import { curveOfRow } from '../../lib/chance-curves.ts';
import type { ChanceCurve, SeatChanceCard } from '../../lib/chance.ts';

/** Which of the student's ranks a seat is judged on. */
export type MatchedOn = 'rank' | 'crlRank' | 'archRank' | 'planningRank';

/**
 * One rank of the student and the seats it is compared with: those of `seatTypes` whose
 * `rank_paper` is `paper` (null: the exam's ordinary rank; '2A'/'2B': JEE Main Paper 2). The parts
 * of a query never share a seat, so each listed seat has one rank.
 */
export type MatchPart = { seatTypes: string[]; paper: '2A' | '2B' | null; rank: number; matchedOn: MatchedOn };

export type ReferenceQuery = {
  scheme: 'josaa' | 'csab';
  instituteTypes: string[];
  genders: string[];
  parts: MatchPart[];
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
  'id, institute_id, institute_name, institute_type, state, program_name, branch_group, quota, seat_type, gender, opening_rank, closing_rank, year, round, basis, median_salary_lpa, placement_year, nirf_rank, nirf_rank_year, nirf_category, tuition_inr_per_year, tuition_from_year, chance_scale, chance_wide, chance_card, rank_paper, chance_shift, chance_below, chance_above, reference_label';

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
  nirf_category: string | null;
  tuition_inr_per_year: number | null;
  tuition_from_year: number | null;
  chance_scale: number;
  chance_wide: boolean;
  chance_card: SeatChanceCard;
  rank_paper: '2A' | '2B' | null;
  /** The seat group's change of z (docs/decisions/0014). */
  chance_shift: number;
  chance_below: number;
  chance_above: number;
  reference_label: string;
};

/** The part of the query a seat was listed by (the parts never overlap). */
export function partOf(parts: MatchPart[], seatType: string, paper: string | null): MatchPart | undefined {
  return parts.find((p) => p.paper === paper && p.seatTypes.includes(seatType));
}

const partWhere = (p: MatchPart) => sql`${inList('seat_type', p.seatTypes)} and ${p.paper === null ? sql`rank_paper is null` : sql`rank_paper = ${p.paper}`}`;

/** The rank a row was matched on: its part's rank. */
function matchedRank(q: ReferenceQuery): SQL {
  if (q.parts.length === 1) return sql`${q.parts[0].rank}`;
  return sql`(case ${sql.join(
    q.parts.map((p) => sql`when ${partWhere(p)} then ${p.rank}`),
    sql` `,
  )} end)`;
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
    q.parts.length
      ? sql`(${sql.join(
          q.parts.map((p) => sql`(${partWhere(p)} and ${listedFor(p.rank, q.includeReach)})`),
          sql` or `,
        )})`
      : sql`false`,
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
        orderBy: q.sortBy === 'chance' ? chanceOrder(matchedRank(q), true) : orderBy[q.sortBy],
        limit: q.limit,
        offset: q.offset,
      });
    },
    /** The chance curve the importer stored for the scheme (move table and calibration table): JoSAA's, or CSAB's. */
    async findChanceCurve(scheme: 'josaa' | 'csab' = 'josaa'): Promise<ChanceCurve | null> {
      const r = (await db.execute(
        sql`select stream, move_table, calibration from chance_models where stream in ('josaa', 'csab') order by stream = ${scheme} desc`,
      )) as unknown as {
        rows: { stream: string; move_table: number[]; calibration: ChanceCurve['calibration'] }[];
      };
      // A database imported before CSAB had its own curve has JoSAA's only.
      return curveOfRow(r.rows.find((x) => x.stream === scheme) ?? r.rows.find((x) => x.stream === 'josaa'));
    },
    /** The label of the scheme's latest year and last round (the results header). */
    async findReferenceLabel(scheme: 'josaa' | 'csab'): Promise<string | null> {
      const r = (await db.execute(
        sql`select reference_label from engineering_reference where scheme = ${scheme} order by year desc, round desc limit 1`,
      )) as unknown as { rows: { reference_label: string }[] };
      return r.rows[0]?.reference_label ?? null;
    },
  };
}
export type EngineeringRepository = ReturnType<typeof createEngineeringRepository>;
