// The part of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; p50: number; p90: number; p99: number; max: number };
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?(req: Record<string, unknown>, context: Record<string, unknown>): Record<string, unknown>;
  };
  type Options = { url: string; connections?: number; duration?: number; pipelining?: number; requests?: Request[] };
  type Result = { latency: Histogram; requests: Histogram & { total: number }; non2xx: number; errors: number; timeouts: number };
  export default function autocannon(options: Options): Promise<Result>;
}
