import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * Rounds an operator added with `npm run data:add` or /admin/data (issue 22 item 5): each file is
 * kept under DATA_FOLDER/added-data with its checksum, who added it and when, listed in
 * manifest.json. Every import reads them after the shared data sets, so a re-import on a fresh
 * machine with the same DATA_FOLDER reproduces them; ../shared/data stays read-only.
 */

export type Counselling = 'JoSAA' | 'CSAB' | 'MCC';

export type AddedRound = {
  /** File name inside DATA_FOLDER/added-data. */
  file: string;
  counselling: Counselling;
  year: number;
  round: number;
  sha256: string;
  rows: number;
  addedBy: string;
  addedAt: string;
};

export const addedDataDir = (dataFolder: string) => path.join(dataFolder, 'added-data');
export const manifestFile = (dataFolder: string) => path.join(addedDataDir(dataFolder), 'manifest.json');

export const sha256Of = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/** The added rounds, oldest first; a kept file whose checksum no longer matches stops the import. */
export function readAddedRounds(dataFolder: string, counselling?: Counselling): AddedRound[] {
  const manifest = manifestFile(dataFolder);
  if (!existsSync(manifest)) return [];
  const list = (JSON.parse(readFileSync(manifest, 'utf8')) as { rounds: AddedRound[] }).rounds;
  for (const r of list) {
    const file = path.join(addedDataDir(dataFolder), r.file);
    if (!existsSync(file)) throw new Error(`added round ${r.counselling} ${r.year} round ${r.round}: its file ${file} is missing`);
    if (sha256Of(readFileSync(file)) !== r.sha256)
      throw new Error(`added round ${r.counselling} ${r.year} round ${r.round}: ${file} does not match its checksum`);
  }
  return counselling ? list.filter((r) => r.counselling === counselling) : list;
}

/** What the added rounds contribute to an import's input hash. */
export function addedRoundsKey(rounds: AddedRound[]): string {
  return rounds.map((r) => `${r.counselling}|${r.year}|${r.round}|${r.sha256}`).join(',');
}
