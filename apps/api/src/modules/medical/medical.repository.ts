import type { MedicalSort } from '@rankwise/contract/medical';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chanceOrder, listedFor } from '../../lib/chance-sql.ts';
import { findPage, inList, searchTextMatches } from '../../lib/paged-query.ts';
import type { ChanceCurve, SeatChanceCard } from '../../lib/chance.ts';
import { curveOfRow } from '../../lib/chance-curves.ts';

export type MedicalQuery = {
  quota: string;
  /** Seat categories the student may take (own category and OPEN; see medical.service.ts). */
  categories: string[];
  rank: number;
  courses: string[];
  search: string;
  sortBy: MedicalSort;
  /** Also Reach seats: closing rank below the rank, chance at least 15% (docs/decisions/0014). */
  includeReach: boolean;
  limit: number;
  offset: number;
};

/** The columns a result is made from. */
export const SEAT_COLUMNS =
  'id, institute_id, institute_name, address, location, state, course, degree, quota, category, opening_rank, closing_rank, year, round, annual_fee_inr, bond_years, bond_penalty_inr, chance_scale, chance_wide, chance_card';

export type MedicalSeatRecord = {
  id: string;
  institute_id: string;
  institute_name: string;
  address: string | null;
  /** 'town, state' (docs/decisions/0005). */
  location: string | null;
  state: string | null;
  course: string;
  degree: string;
  quota: string;
  category: string;
  opening_rank: number;
  closing_rank: number;
  chance_scale: number;
  chance_wide: boolean;
  chance_card: SeatChanceCard;
  year: number;
  round: number;
  annual_fee_inr: number | null;
  bond_years: number | null;
  bond_penalty_inr: number | null;
};

/** The sorts that do not depend on the student's rank (every one but 'chance'). */
export type StaticSort = Exclude<MedicalQuery['sortBy'], 'chance'>;

// Text sorts use the "C" collation so PGlite and PostgreSQL order alike.
export const orderBy: Record<StaticSort, SQL> = {
  rank: sql`closing_rank asc, institute_name collate "C" asc, course collate "C" asc, id asc`,
  fees: sql`annual_fee_inr asc nulls last, closing_rank asc, id asc`,
  college: sql`institute_name collate "C" asc, course collate "C" asc, closing_rank asc, id asc`,
  course: sql`course collate "C" asc, closing_rank asc, id asc`,
};

function whereClause(q: MedicalQuery): SQL {
  const parts: SQL[] = [sql`quota = ${q.quota}`, inList('category', q.categories), listedFor(q.rank, q.includeReach)];
  if (q.courses.length) parts.push(inList('course', q.courses));
  if (q.search) parts.push(searchTextMatches(q.search));
  return sql.join(parts, sql` and `);
}

export function createMedicalRepository(db: Db) {
  return {
    /** One page of matching seats, each carrying the total match count. */
    async findMatches(q: MedicalQuery): Promise<{ rows: MedicalSeatRecord[]; total: number }> {
      return findPage<MedicalSeatRecord>(db, {
        columns: sql.raw(SEAT_COLUMNS),
        table: sql.raw('medical_reference'),
        where: whereClause(q),
        orderBy: q.sortBy === 'chance' ? chanceOrder(q.rank) : orderBy[q.sortBy],
        limit: q.limit,
        offset: q.offset,
      });
    },

    /** The NEET PG chance curve the importer stored (move table; each quota group's calibration table). */
    async findChanceCurve(): Promise<ChanceCurve | null> {
      const r = (await db.execute(sql`select move_table, calibration from chance_models where stream = 'neet-pg'`)) as unknown as {
        rows: { move_table: number[]; calibration: ChanceCurve['calibration'] }[];
      };
      return curveOfRow(r.rows[0]);
    },
    /** The course catalogue in form order (degree, then name). */
    async listCourses(): Promise<{ name: string; degree: string }[]> {
      const res = (await db.execute(sql`select name, degree from medical_courses order by position`)) as unknown as {
        rows: { name: string; degree: string }[];
      };
      return res.rows;
    },
  };
}
export type MedicalRepository = ReturnType<typeof createMedicalRepository>;
