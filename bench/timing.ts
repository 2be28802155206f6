/** Helpers the bench scripts share: latency percentiles, a seeded random source and the app's settings. */

export type Stats = { n: number; p50: number; p90: number; p99: number; max: number; mean: number };

export function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { n: s.length, p50: at(0.5), p90: at(0.9), p99: at(0.99), max: s.at(-1)!, mean: s.reduce((a, b) => a + b, 0) / s.length };
}

export const fmt = (s: Stats) => `n=${s.n}  p50 ${s.p50.toFixed(1)} ms  p90 ${s.p90.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  max ${s.max.toFixed(1)} ms`;

/** Deterministic choices (mulberry32). */
export function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The settings a bench's in-process app starts with (for loadConfig): this process's environment,
 * silent logs on 127.0.0.1, no import at start, the given data folder and database ('' = PGlite),
 * then the bench's own settings.
 */
export function benchEnv(dataFolder: string, databaseUrl: string | undefined, extra: Record<string, string> = {}): Record<string, string | undefined> {
  return {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    DATA_FOLDER: dataFolder,
    DATABASE_URL: databaseUrl ?? '',
    IMPORT_ON_START: 'false',
    ...extra,
  };
}
