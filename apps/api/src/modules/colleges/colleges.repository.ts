import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type InstituteRecord = {
  id: string;
  name: string;
  shortName: string;
  type: 'IIT' | 'NIT' | 'IIIT' | 'GFTI';
  state: string | null;
  address: string | null;
  website: string | null;
  city: string | null;
  district: string | null;
  pinCode: string | null;
  latitude: number | null;
  longitude: number | null;
  locationMethod: string | null;
  nirfRank: number | null;
  nirfRankYear: number | null;
  medianSalaryLpa: number | null;
  placementRate: number | null;
  placementYear: string | null;
  placementSource: string | null;
  tuitionInrPerYear: number | null;
  tuitionFromYear: number | null;
  tuitionSource: string | null;
};

/** A program of an institute's latest JoSAA year, with how many seats (quota × seat type × pool) it had. */
export type ProgramRecord = { instituteId: string; year: number; programName: string; branchGroup: string; seats: number; quotas: string[] };

export type SeatKey = { instituteId: string; programName: string; quota: string; seatType: string; gender: string };

export type RankRecord = {
  counselling: 'JoSAA' | 'CSAB';
  year: number;
  round: number;
  openingRank: number;
  closingRank: number;
  openingPreparatory: boolean;
  closingPreparatory: boolean;
};

/** A result's seat and the reference row (year, round, ranks) its card showed. */
export type ReferenceSeatRecord = SeatKey & RankRecord;

export type SeatOptionRecord = {
  programName: string;
  branchGroup: string;
  quota: string;
  seatType: string;
  gender: string;
  firstYear: number;
  lastYear: number;
};

export type PostalCodeRecord = { pinCode: string; latitude: number; longitude: number; district: string | null; state: string | null };

const list = (values: string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Only this module's queries of the college pages; plain objects out. */
export function createCollegesRepository(db: Db) {
  return {
    async listInstituteNames(): Promise<{ id: string; name: string; shortName: string }[]> {
      return rows(db, sql`select id, name, short_name as "shortName" from engineering_institutes`);
    },

    async findInstitutes(ids: string[]): Promise<InstituteRecord[]> {
      if (!ids.length) return [];
      return rows(
        db,
        sql`select id, name, short_name as "shortName", type, state, address, website,
              city, district, pin_code as "pinCode", latitude, longitude, location_method as "locationMethod",
              nirf_rank as "nirfRank", nirf_rank_year as "nirfRankYear", median_salary_lpa as "medianSalaryLpa",
              placement_rate as "placementRate", placement_year as "placementYear", placement_source as "placementSource",
              tuition_inr_per_year as "tuitionInrPerYear", tuition_from_year::int as "tuitionFromYear", tuition_source as "tuitionSource"
            from engineering_institutes where id in (${list(ids)})`,
      );
    },

    /** Each institute's programs in its latest JoSAA year (precomputed at import: data/colleges). */
    async latestPrograms(ids: string[]): Promise<ProgramRecord[]> {
      if (!ids.length) return [];
      return rows(
        db,
        sql`select institute_id as "instituteId", year::int as year, program_name as "programName", branch_group as "branchGroup", seats, quotas
            from college_programs where institute_id in (${list(ids)})
            order by institute_id, program_name collate "C"`,
      );
    },

    async nirfRanks(ids: string[]): Promise<{ instituteId: string; year: number; rank: number }[]> {
      if (!ids.length) return [];
      return rows(
        db,
        sql`select institute_id as "instituteId", year::int as year, rank from engineering_nirf_ranks where institute_id in (${list(ids)}) order by institute_id, year`,
      );
    },

    /** Every published opening and closing rank of one seat, oldest first (JoSAA before CSAB within a year). */
    async seatHistory(k: SeatKey): Promise<RankRecord[]> {
      return rows(
        db,
        sql`select c.counselling, c.year::int as year, c.round::int as round, c.opening_rank as "openingRank", c.closing_rank as "closingRank",
              c.opening_preparatory as "openingPreparatory", c.closing_preparatory as "closingPreparatory"
            from engineering_cutoffs c
            where c.institute_id = ${k.instituteId} and c.program_id = (select id from engineering_programs where name = ${k.programName})
              and c.quota = ${k.quota} and c.seat_type = ${k.seatType} and c.gender = ${k.gender}
            order by c.year, case c.counselling when 'JoSAA' then 0 else 1 end, c.round`,
      );
    },

    /** Every seat an institute has had, with its first and last year. */
    async seatOptions(instituteId: string): Promise<SeatOptionRecord[]> {
      return rows(
        db,
        sql`select p.name as "programName", p.branch_group as "branchGroup", c.quota, c.seat_type as "seatType", c.gender,
              min(c.year)::int as "firstYear", max(c.year)::int as "lastYear"
            from engineering_cutoffs c join engineering_programs p on p.id = c.program_id
            where c.institute_id = ${instituteId}
            group by p.name, p.branch_group, c.quota, c.seat_type, c.gender
            order by p.name collate "C", c.quota collate "C", c.seat_type collate "C", c.gender collate "C"`,
      );
    },

    /** The seat a result id (engineering_reference.id) stands for, with the closing rank its card showed, if it still exists. */
    async findReferenceSeat(id: string): Promise<ReferenceSeatRecord | null> {
      const [r] = await rows<ReferenceSeatRecord>(
        db,
        sql`select institute_id as "instituteId", program_name as "programName", quota, seat_type as "seatType", gender,
              basis as counselling, year::int as year, round::int as round, opening_rank as "openingRank", closing_rank as "closingRank",
              false as "openingPreparatory", false as "closingPreparatory"
            from engineering_reference where id = ${id} limit 1`,
      );
      return r ?? null;
    },

    async findPostalCode(pinCode: string): Promise<PostalCodeRecord | null> {
      const [r] = await rows<PostalCodeRecord>(
        db,
        sql`select pin_code as "pinCode", latitude, longitude, district, state from postal_codes where pin_code = ${pinCode}`,
      );
      return r ?? null;
    },
  };
}
export type CollegesRepository = ReturnType<typeof createCollegesRepository>;
