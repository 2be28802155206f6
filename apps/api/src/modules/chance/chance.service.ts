import type { DataSet, DataSetsResponse, Methodology } from '@rankwise/contract/chance';
import { methodologySchema, REACH_MIN_PERCENT } from '@rankwise/contract/chance';
import { RATIO_PERCENTS } from '../../data/chance/definitions.ts';
import { NEET_PG, storedNeetPg } from '../../data/chance/neet-pg.ts';
import type { ChanceRepository } from './chance.repository.ts';
import { SOURCE_DATES } from '../../data/lib/data-sets.ts';
import { medicalReferenceLabel } from '../../data/lib/reference-label.ts';

/** The chance module's deps: built once by chance.plugin.ts, on `app.chance`. */
export type ChanceDeps = { repo: ChanceRepository };

/**
 * The data sets the answers are judged on, each with the date its newest year was published in our
 * copy (or a round was added) and when it was imported. Nothing without data is listed.
 */
async function listDataSets(d: ChanceDeps): Promise<DataSet[]> {
  const [labels, medical, imports, additions] = await Promise.all([
    d.repo.engineeringLabels(),
    d.repo.medicalReference(),
    d.repo.importTimes(),
    d.repo.latestAdditions(),
  ]);
  const importedAt = (name: string) => imports.find((i) => i.name === name)?.importedAt ?? null;
  const updatedOn = (name: keyof typeof SOURCE_DATES, addedAs: string, year: number) => {
    const dates = [SOURCE_DATES[name][year], additions.find((a) => a.counselling === addedAs && a.year === year)?.addedAt.slice(0, 10)];
    return (
      dates
        .filter((date): date is string => !!date)
        .sort()
        .at(-1) ?? 'not recorded'
    );
  };
  const out: DataSet[] = [];
  for (const [scheme, name] of [
    ['josaa', 'JoSAA'],
    ['csab', 'CSAB'],
  ] as const) {
    const l = labels.find((x) => x.scheme === scheme);
    if (l) out.push({ name, label: l.label, updatedOn: updatedOn(name, name, l.year), importedAt: importedAt('engineering') });
  }
  if (medical)
    out.push({
      name: 'MCC NEET PG',
      label: medicalReferenceLabel(medical.year, medical.round),
      updatedOn: updatedOn('MCC NEET PG', 'MCC', medical.year),
      importedAt: importedAt('medical'),
    });
  return out;
}

export async function dataSets(d: ChanceDeps): Promise<DataSetsResponse> {
  return { data: await listDataSets(d) };
}

/** /methodology: the backtests and model summaries exactly as the importer stored them. */
export async function methodology(d: ChanceDeps): Promise<Methodology> {
  const models = await d.repo.listModels();
  const of = (stream: 'josaa' | 'neet-pg' | 'csab') => {
    const m = models.find((x) => x.stream === stream);
    return m ? { backtest: m.backtest, model: m.summary } : null;
  };
  const josaa = models.find((x) => x.stream === 'josaa');
  // The step model's backtest is stored beside the final model's (data/chance/store-chance-model.ts).
  const step = (josaa?.backtest as { step?: unknown } | undefined)?.step ?? null;
  // NEET PG's stored backtest also holds the forward backtest (data/chance/neet-pg.ts).
  const neetPg = of('neet-pg');
  const computedAt =
    models
      .map((m) => m.computedAt)
      .sort()
      .at(-1) ?? '';
  // Parsed with the contract's schema: the stored JSON is the importer's, checked on the way out.
  return methodologySchema.parse({
    data: {
      computedAt,
      rankPercents: [...RATIO_PERCENTS],
      rules: {
        reachMinPercent: REACH_MIN_PERCENT,
        neetPgOutlierMinAllotments: NEET_PG.OUTLIER_MIN_ALLOTMENTS,
        neetPgOutlierFactor: NEET_PG.OUTLIER_FACTOR,
        neetPgFewAllotments: NEET_PG.FEW_ALLOTMENTS,
      },
      josaa: josaa ? { ...of('josaa'), step } : null,
      neetPg: neetPg ? { ...storedNeetPg(neetPg.backtest), model: neetPg.model } : null,
      csab: of('csab'),
      dataSets: await listDataSets(d),
    },
  });
}
