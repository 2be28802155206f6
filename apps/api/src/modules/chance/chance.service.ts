import type { Methodology } from '@rankwise/contract/chance';
import { methodologySchema } from '@rankwise/contract/chance';
import { RATIO_PERCENTS, REACH_MIN_PERCENT } from '../../data/chance/definitions.ts';
import { NEET_PG } from '../../data/chance/neet-pg.ts';
import type { ChanceRepository } from './chance.repository.ts';

/** /methodology: the backtests and model summaries exactly as the importer stored them. */
export function createChanceService(deps: { repo: ChanceRepository }) {
  return {
    async methodology(): Promise<Methodology> {
      const models = await deps.repo.listModels();
      const of = (stream: 'josaa' | 'neet-pg') => {
        const m = models.find((x) => x.stream === stream);
        return m ? { backtest: m.backtest, model: m.summary } : null;
      };
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
          josaa: of('josaa'),
          neetPg: of('neet-pg'),
        },
      });
    },
  };
}
