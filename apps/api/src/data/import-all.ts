import { importChoiceBacktests } from './choices/import-choice-backtests.ts';
import { hasCollegeData, importColleges } from './colleges/import-colleges.ts';
import type { ImportContext, ImportSummary } from './import-context.ts';
import { hasGeoData, importGeo } from './geo/import-geo.ts';
import { hasEngineeringData, importEngineering } from './josaa/import-engineering.ts';
import { hasMedicalData, importMedical } from './neet-pg/import-medical.ts';

/** Imports every public data set (idempotent: a second run changes nothing). */
export async function importAll(ctx: ImportContext): Promise<ImportSummary[]> {
  return [await importEngineering(ctx), await importMedical(ctx), await importGeo(ctx), await importColleges(ctx), await importChoiceBacktests(ctx)];
}

/** The data sets the database lacks (a first start imports them). */
export async function missingImports(database: ImportContext['database']): Promise<string[]> {
  const missing: string[] = [];
  if (!(await hasEngineeringData(database))) missing.push('engineering');
  if (!(await hasMedicalData(database))) missing.push('medical');
  if (!(await hasGeoData(database))) missing.push('geo');
  if (!(await hasCollegeData(database))) missing.push('colleges');
  return missing;
}

/** First start: import only what the database lacks. */
export async function importMissing(ctx: ImportContext): Promise<ImportSummary[]> {
  const done: ImportSummary[] = [];
  if (!(await hasEngineeringData(ctx.database))) done.push(await importEngineering(ctx));
  if (!(await hasMedicalData(ctx.database))) done.push(await importMedical(ctx));
  if (!(await hasGeoData(ctx.database))) done.push(await importGeo(ctx));
  // The college pages' tables derive from the engineering import: again whenever it ran.
  if (!(await hasCollegeData(ctx.database)) || done.some((d) => d.name === 'engineering')) done.push(await importColleges(ctx));
  // Not the choice lists' backtests (docs/decisions/0027): half a minute of CPU that a first start (and
  // every browser-test harness) need not wait for; `npm run data:import` computes them.
  return done;
}
