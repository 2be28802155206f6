/** Helpers the bench scripts share: latency percentiles and a seeded random source. */

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
