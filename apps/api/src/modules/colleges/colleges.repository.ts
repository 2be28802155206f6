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
  /** 'Engineering', or the NIRF category nirfRank is from. */
  nirfCategory: string | null;
  medianSalaryLpa: number | null;
  placementRate: number | null;
  placementYear: string | null;
  placementSource: string | null;
  tuitionInrPerYear: number | null;
  tuitionFromYear: number | null;
  tuitionSource: string | null;
};

/** An institute with its latest programs and every NIRF rank. */
export type InstituteDetailRecord = InstituteRecord & {
  programs: ProgramRecord[];
  nirfRanks: { year: number; rank: number }[];
  /** The last JoSAA round of the programs' year in the data for this institute (the reference label's round). */
  programsRound: number | null;
  /** The reference label of the institute's seats in that year, when they are the predictor's reference seats. */
  programsLabel: string | null;
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
  /** The preparatory mark comes from the stated rule for 2016-2024 (data/josaa/preparatory.ts), not from a printed 'P'. */
  preparatoryByRule: boolean;
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

    /** Each institute with its programs of the latest JoSAA year and its NIRF ranks, in one round trip. */
    async findDetails(ids: string[]): Promise<InstituteDetailRecord[]> {
      if (!ids.length) return [];
      return rows(
        db,
        sql`select i.id, i.name, i.short_name as "shortName", i.type, i.state, i.address, i.website,
              i.city, i.district, i.pin_code as "pinCode", i.latitude, i.longitude, i.location_method as "locationMethod",
              i.nirf_rank as "nirfRank", i.nirf_rank_year::int as "nirfRankYear", i.nirf_category as "nirfCategory", i.median_salary_lpa as "medianSalaryLpa",
              i.placement_rate as "placementRate", i.placement_year as "placementYear", i.placement_source as "placementSource",
              i.tuition_inr_per_year as "tuitionInrPerYear", i.tuition_from_year::int as "tuitionFromYear", i.tuition_source as "tuitionSource",
              coalesce((select json_agg(json_build_object('instituteId', p.institute_id, 'year', p.year, 'programName', p.program_name,
                          'branchGroup', p.branch_group, 'seats', p.seats, 'quotas', p.quotas) order by p.program_name collate "C")
                        from college_programs p where p.institute_id = i.id), '[]') as programs,
              coalesce((select json_agg(json_build_object('year', n.year, 'rank', n.rank) order by n.year)
                        from engineering_nirf_ranks n where n.institute_id = i.id), '[]') as "nirfRanks",
              (select max(c.round)::int from engineering_cutoffs c where c.institute_id = i.id and c.counselling = 'JoSAA'
                 and c.year = (select max(p.year) from college_programs p where p.institute_id = i.id)) as "programsRound",
              (select r.reference_label from engineering_reference r where r.institute_id = i.id and r.scheme = 'josaa'
                 and r.year = (select max(p.year) from college_programs p where p.institute_id = i.id)
               order by r.round desc limit 1) as "programsLabel"
            from engineering_institutes i where i.id in (${list(ids)})`,
      );
    },

    /** Every published opening and closing rank of each seat, oldest first (JoSAA before CSAB within a year), by the seat's position in `keys`. */
    async seatHistories(keys: SeatKey[]): Promise<(RankRecord & { key: number })[]> {
      if (!keys.length) return [];
      const values = sql.join(
        keys.map((k, i) => sql`(${i}::int, ${k.instituteId}, ${k.programName}, ${k.quota}, ${k.seatType}, ${k.gender})`),
        sql`, `,
      );
      return rows(
        db,
        sql`select k.i as key, c.counselling, c.year::int as year, c.round::int as round, c.opening_rank as "openingRank", c.closing_rank as "closingRank",
              c.opening_preparatory as "openingPreparatory", c.closing_preparatory as "closingPreparatory", c.preparatory_by_rule as "preparatoryByRule"
            from (values ${values}) as k(i, institute_id, program_name, quota, seat_type, gender)
            join engineering_programs p on p.name = k.program_name
            join engineering_cutoffs c on c.institute_id = k.institute_id and c.program_id = p.id
              and c.quota = k.quota and c.seat_type = k.seat_type and c.gender = k.gender
            order by k.i, c.year, case c.counselling when 'JoSAA' then 0 else 1 end, c.round`,
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

    /** The seats result ids (engineering_reference.id) stand for, with the closing rank each card showed; ids that no longer exist are left out. */
    async findReferenceSeats(ids: string[]): Promise<(ReferenceSeatRecord & { id: string })[]> {
      if (!ids.length) return [];
      return rows(
        db,
        sql`select id, institute_id as "instituteId", program_name as "programName", quota, seat_type as "seatType", gender,
              basis as counselling, year::int as year, round::int as round, opening_rank as "openingRank", closing_rank as "closingRank",
              false as "openingPreparatory", false as "closingPreparatory", false as "preparatoryByRule"
            from engineering_reference where id in (${list(ids)})`,
      );
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
