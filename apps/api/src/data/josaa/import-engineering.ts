import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';

// Placeholder until the engineering importer lands (issue 3).
export async function hasEngineeringData(_database: Database): Promise<boolean> {
  return true;
}

export async function importEngineering(_ctx: ImportContext): Promise<ImportSummary> {
  return { name: 'engineering', rows: 0, unplaced: [], skipped: true, ms: 0 };
}
