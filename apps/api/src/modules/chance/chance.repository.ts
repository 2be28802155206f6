import { chanceModels } from '../../db/schema/chance.ts';
import type { Db } from '../../db/client.ts';

export type StoredChanceModel = {
  stream: 'josaa' | 'neet-pg';
  predictYear: number;
  referenceYear: number;
  moveTable: number[];
  calibration: { x: number[]; y: number[]; points: number } | null;
  zReach: number;
  summary: unknown;
  backtest: unknown;
  computedAt: string;
};

export function createChanceRepository(db: Db) {
  return {
    /** Every stream's stored model (at most two rows). */
    async listModels(): Promise<StoredChanceModel[]> {
      const rows = await db.select().from(chanceModels);
      return rows.map((r) => ({ ...r }));
    },
  };
}
export type ChanceRepository = ReturnType<typeof createChanceRepository>;
