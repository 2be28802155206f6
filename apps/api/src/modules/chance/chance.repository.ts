import { sql } from 'drizzle-orm';
import { chanceModels } from '../../db/schema/chance.ts';
import type { Db } from '../../db/client.ts';

export type StoredChanceModel = {
  stream: 'josaa' | 'neet-pg' | 'csab';
  predictYear: number;
  referenceYear: number;
  moveTable: number[];
  calibration: { x: number[]; y: number[]; points: number } | null;
  zReach: number;
  summary: unknown;
  backtest: unknown;
  computedAt: string;
};

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export function createChanceRepository(db: Db) {
  return {
    /** Every stream's stored model (at most three rows). */
    async listModels(): Promise<StoredChanceModel[]> {
      const found = await db.select().from(chanceModels);
      return found.map((r) => ({ ...r, stream: r.stream as StoredChanceModel['stream'] }));
    },
    /** The label of each engineering scheme's latest year and last round. */
    async engineeringLabels(): Promise<{ scheme: 'josaa' | 'csab'; year: number; label: string }[]> {
      return rows(
        db,
        sql`select distinct on (scheme) scheme, year::int as year, reference_label as label from engineering_reference
            order by scheme, year desc, round desc`,
      );
    },
    /** The NEET PG reference year and last round. */
    async medicalReference(): Promise<{ year: number; round: number } | null> {
      const [r] = await rows<{ year: number; round: number }>(
        db,
        sql`select year::int as year, round::int as round from medical_reference order by year desc, round desc limit 1`,
      );
      return r ?? null;
    },
    /** When each import last ran. */
    async importTimes(): Promise<{ name: string; importedAt: string }[]> {
      return rows(db, sql`select name, imported_at as "importedAt" from data_imports`);
    },
    /** Each counselling's latest added round (data:add). */
    async latestAdditions(): Promise<{ counselling: string; year: number; addedAt: string }[]> {
      return rows(
        db,
        sql`select distinct on (counselling) counselling, year::int as year, added_at as "addedAt" from data_additions order by counselling, added_at desc`,
      );
    },
  };
}
export type ChanceRepository = ReturnType<typeof createChanceRepository>;
