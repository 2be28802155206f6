import type { Database } from '../../db/client.ts';
import type { ImportContext, ImportSummary } from '../import-context.ts';

// Placeholder until the medical importer lands (issue 4).
export async function hasMedicalData(_database: Database): Promise<boolean> {
  return true;
}

export async function importMedical(_ctx: ImportContext): Promise<ImportSummary> {
  return { name: 'medical', rows: 0, unplaced: [], skipped: true, ms: 0 };
}
