import cliProgress from 'cli-progress';
import type { Progress } from './import-context.ts';

/** A progress bar on a terminal; plain start/finish lines otherwise (CI logs, server start). */
export function createProgress(log: (message: string) => void): Progress {
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar({ format: '{label} [{bar}] {percentage}% {value}/{total}', hideCursor: true }, cliProgress.Presets.shades_classic);
    return {
      start: (label, total) => bar.start(total, 0, { label: label.padEnd(28) }),
      tick: (n = 1) => bar.increment(n),
      stop: () => bar.stop(),
    };
  }
  let current = '';
  return {
    start: (label, total) => {
      current = label;
      log(`${label}: ${total} to do`);
    },
    tick: () => {},
    stop: () => log(`${current}: done`),
  };
}
