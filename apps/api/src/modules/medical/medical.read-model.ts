import type { Db } from '../../db/client.ts';
import { interner, loadSeatIndex, searchNeedle, seatQuery, type IndexedRow, type SeatIndex } from '../../lib/reference-index.ts';
import { createMedicalRepository, orderBy, SEAT_COLUMNS, type MedicalQuery, type MedicalSeatRecord, type StaticSort } from './medical.repository.ts';
import type { ChanceCurve } from '../../lib/chance.ts';

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

type LoadedRow = MedicalSeatRecord & IndexedRow;

const bucketKey = (quota: string, category: string) => `${quota}\u0001${category}`;

export async function loadMedicalReadModel(db: Db): Promise<MedicalReadModel> {
  const rows: MedicalSeatRecord[] = [];
  const course: string[] = [];
  const one = interner();
  const index = await loadSeatIndex<LoadedRow, StaticSort>(
    db,
    { table: 'medical_reference', columns: SEAT_COLUMNS, sorts: orderBy, bucketOf: (r) => bucketKey(r.quota, r.category) },
    (r) => {
      course.push(one(r.course));
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
        chance_card: r.chance_card,
      });
    },
  );
  const repo = createMedicalRepository(db);
  const curve = await repo.findChanceCurve();
  const courses = await repo.listCourses();
  return medicalQueries({ index, rows, course, curve, courses });
}

function medicalQueries(m: {
  index: SeatIndex<StaticSort>;
  rows: MedicalSeatRecord[];
  course: string[];
  curve: ChanceCurve | null;
  courses: { name: string; degree: string }[];
}): MedicalReadModel {
  const { index, rows, course, curve, courses } = m;
  const { search } = index;
  const query = seatQuery(index);

  return {
    size: index.size,
    findChanceCurve: async () => curve,
    listCourses: async () => courses,
    findMatches(q) {
      const wanted = q.courses.length ? new Set(q.courses) : null;
      const needle = q.search ? searchNeedle(q.search) : '';
      const accept = (i: number) => (wanted === null || wanted.has(course[i])) && (!needle || search[i].includes(needle));
      query.begin();
      for (const category of new Set(q.categories)) query.walk(bucketKey(q.quota, category), q.rank, q.includeReach, accept);
      // 'chance': z ascending (NEET PG seats have no group adjustment), as the SQL's chanceOrder.
      return { rows: query.page(q.sortBy, q.offset, q.limit).map((i) => rows[i]), total: query.total() };
    },
  };
}
