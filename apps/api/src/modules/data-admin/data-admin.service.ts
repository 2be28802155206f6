import type { AddRoundResponse, AddedRoundView } from '@rankwise/contract/data-admin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { addRound as addDataRound, listAddedRounds } from '../../data/add-round.ts';
import { silentProgress } from '../../data/import-context.ts';
import type { Counselling } from '../../data/lib/added-rounds.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * /admin/data (issue 22 item 5): the same check and import as `npm run data:add`, in the serving
 * process. While the round is imported (one transaction) this instance and every other keep
 * answering from their read models; each swaps in the new model once it is built (lib/read-model.ts).
 */
export type DataAdminDeps = { database: Database; config: Config; log: (message: string) => void };

export function addedRounds(deps: DataAdminDeps): { data: AddedRoundView[] } {
  return { data: listAddedRounds(deps.config.DATA_FOLDER) as AddedRoundView[] };
}

export async function addRound(
  deps: DataAdminDeps,
  admin: { email: string },
  q: { counselling: Counselling; year: number; round: number; check?: 'true' | 'false' },
  bytes: Buffer,
): Promise<AddRoundResponse> {
  if (!bytes.length) throw new AppError('VALIDATION_FAILED', 'Send the round file (CSV) as the body', { file: ['The file is empty'] });
  const result = await addDataRound(
    { database: deps.database, config: deps.config, log: deps.log, progress: silentProgress },
    { bytes, fileName: 'upload.csv', counselling: q.counselling, year: q.year, round: q.round, addedBy: `${admin.email} (/admin/data)` },
    { dryRun: q.check === 'true' },
  );
  if (result.status === 'refused')
    throw new AppError(
      'VALIDATION_FAILED',
      `The file was refused (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}); nothing was imported`,
      { file: result.problems },
    );
  const live = result.status === 'live';
  return {
    data: { status: result.status, diff: result.diff, sha256: live ? result.sha256 : null, ms: live ? Math.round(result.ms) : null },
    message: live ? `${q.counselling} ${q.year} round ${q.round} is live` : `${q.counselling} ${q.year} round ${q.round} has no problems; nothing imported yet`,
  };
}
