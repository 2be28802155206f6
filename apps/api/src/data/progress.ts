import cliProgress from 'cli-progress';
import type { Progress } from './import-context.ts';

/**
 * A progress bar on a terminal; otherwise one line as each step starts (CI logs, server start).
 * `bar: false` (the first start's import child, whose lines the server prints: a bar drawn beside
 * them overwrote them) always gives the lines.
 */
export function createProgress(log: (message: string) => void, { bar: barWanted = true }: { bar?: boolean } = {}): Progress {
  if (barWanted && process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar({ format: '{label} [{bar}] {percentage}% {value}/{total}', hideCursor: true }, cliProgress.Presets.shades_classic);
    return {
      start: (label, total) => bar.start(total, 0, { label: label.padEnd(28) }),
      tick: (n = 1) => bar.increment(n),
      stop: () => bar.stop(),
    };
  }
  // One line as a step starts; its own summary line says when it is done.
  return {
    start: (label, total) => log(`${label}: ${total} to do`),
    tick: () => {},
    stop: () => {},
  };
}
