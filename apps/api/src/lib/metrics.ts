/**
 * A small Prometheus registry (text format 0.0.4): counters and histograms with labels, and
 * gauges read at scrape time. Enough for this service's own metrics without a dependency.
 */
type Labels = Record<string, string>;

const escape = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escape(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
};
const num = (n: number) => (Number.isFinite(n) ? String(n) : n > 0 ? '+Inf' : '-Inf');

export type Counter = { inc(labels?: Labels, by?: number): void; value(labels?: Labels): number };
export type Histogram = { observe(labels: Labels, value: number): void; count(labels?: Labels): number };
export type GaugeSample = { labels?: Labels; value: number };

export const SECONDS_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Registry = {
  counter(name: string, help: string): Counter;
  histogram(name: string, help: string, buckets?: number[]): Histogram;
  /** A gauge whose samples are read when scraped (a failing or slow read leaves it out of that scrape). */
  gauge(name: string, help: string, read: () => GaugeSample[] | Promise<GaugeSample[]>): void;
  text(): Promise<string>;
};

export function createRegistry(): Registry {
  const blocks: (() => Promise<string[]> | string[])[] = [];
  const key = (labels: Labels = {}) => JSON.stringify(Object.entries(labels).sort());
  return {
    counter(name, help) {
      const values = new Map<string, { labels: Labels; n: number }>();
      blocks.push(() => [`# HELP ${name} ${help}`, `# TYPE ${name} counter`, ...[...values.values()].map((v) => `${name}${labelText(v.labels)} ${num(v.n)}`)]);
      return {
        inc(labels = {}, by = 1) {
          const k = key(labels);
          const v = values.get(k);
          if (v) v.n += by;
          else values.set(k, { labels, n: by });
        },
        value: (labels = {}) => values.get(key(labels))?.n ?? 0,
      };
    },
    histogram(name, help, buckets = SECONDS_BUCKETS) {
      const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
      blocks.push(() => {
        const out = [`# HELP ${name} ${help}`, `# TYPE ${name} histogram`];
        for (const s of series.values()) {
          let cumulative = 0;
          buckets.forEach((le, i) => {
            cumulative += s.counts[i];
            out.push(`${name}_bucket${labelText({ ...s.labels, le: num(le) })} ${cumulative}`);
          });
          out.push(`${name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
          out.push(`${name}_sum${labelText(s.labels)} ${num(s.sum)}`);
          out.push(`${name}_count${labelText(s.labels)} ${s.count}`);
        }
        return out;
      });
      return {
        observe(labels, value) {
          const k = key(labels);
          let s = series.get(k);
          if (!s) series.set(k, (s = { labels, counts: buckets.map(() => 0), sum: 0, count: 0 }));
          const i = buckets.findIndex((le) => value <= le);
          if (i >= 0) s.counts[i] += 1;
          s.sum += value;
          s.count += 1;
        },
        count: (labels = {}) => series.get(key(labels))?.count ?? 0,
      };
    },
    gauge(name, help, read) {
      blocks.push(async () => {
        let samples: GaugeSample[];
        try {
          samples = await read();
        } catch {
          return [];
        }
        return [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, ...samples.map((s) => `${name}${labelText(s.labels ?? {})} ${num(s.value)}`)];
      });
    },
    async text() {
      const parts = await Promise.all(blocks.map((b) => b()));
      return `${parts.flat().join('\n')}\n`;
    },
  };
}

/** Resolves with `p`, or rejects after `ms` (a scrape never waits for a database that is away). */
export function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}
