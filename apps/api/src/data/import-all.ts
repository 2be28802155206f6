import type { ImportContext, ImportSummary } from './import-context.ts';
import { hasEngineeringData, importEngineering } from './josaa/import-engineering.ts';
import { hasMedicalData, importMedical } from './neet-pg/import-medical.ts';

/** Imports every public data set (idempotent: a second run changes nothing). */
export async function importAll(ctx: ImportContext): Promise<ImportSummary[]> {
  return [await importEngineering(ctx), await importMedical(ctx)];
}

/** First start: import only what the database lacks. */
export async function importMissing(ctx: ImportContext): Promise<ImportSummary[]> {
  const done: ImportSummary[] = [];
  if (!(await hasEngineeringData(ctx.database))) done.push(await importEngineering(ctx));
  if (!(await hasMedicalData(ctx.database))) done.push(await importMedical(ctx));
  return done;
}
