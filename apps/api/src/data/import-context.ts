import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';

/** A progress reporter: a bar on a terminal, log lines elsewhere, nothing in tests. */
export type Progress = { start(label: string, total: number): void; tick(n?: number): void; stop(): void };

export type ImportContext = {
  database: Database;
  config: Config;
  log: (message: string) => void;
  /** Notes on single items (each name that could not be placed): the server's first start logs them at debug level. Default: log. */
  detail?: (message: string) => void;
  progress: Progress;
};

export type ImportSummary = { name: string; rows: number; unplaced: string[]; skipped: boolean; ms: number };

export const silentProgress: Progress = { start() {}, tick() {}, stop() {} };
