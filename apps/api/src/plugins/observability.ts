import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { pingDatabase } from '../db/client.ts';
import { UNAVAILABLE_MESSAGE } from './errors.ts';
import { createRegistry, SECONDS_BUCKETS, within, type Counter, type Histogram, type Registry } from '../lib/metrics.ts';

export type Metrics = {
  registry: Registry;
  requests: Counter;
  requestSeconds: Histogram;
  /** The predictors' answers, by stream and where they came from (read model or SQL). */
  predictorSeconds: Histogram;
  readModelBuildSeconds: Histogram;
  jobFailures: Counter;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
    /** True once the app is stopping (SIGTERM) or closing: readiness says 503 while the requests in flight finish. */
    draining(): boolean;
    /**
     * SIGTERM (server.ts): from now on GETs and HEADs other than /health/live are answered 503 with
     * `Connection: close`, so that the proxy asks another instance and takes this one out of its
     * rotation before the listener closes (lib/drain.ts); other requests are answered as ever.
     */
    startDraining(): void;
  }
}

const PREDICTOR_ROUTES: Record<string, string> = { '/api/v1/college/preferences': 'engineering', '/api/v1/medical-college/preferences': 'medical' };

/** A request id from the proxy (nginx's $request_id, a UUID): letters, digits, '-', '_', '.', at most 64. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Accepts the proxy's X-Request-Id when this server is behind a trusted proxy (TRUST_PROXY), so one
 * id follows a request through nginx's log and ours; otherwise (or when malformed) makes its own.
 */
export function requestIdFrom(config: Config) {
  let n = 0;
  const prefix = `${process.pid.toString(36)}-${Date.now().toString(36)}`;
  return (req: { headers: Record<string, string | string[] | undefined> }): string => {
    const given = req.headers['x-request-id'];
    if (config.TRUST_PROXY !== false && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return `${prefix}-${(n++).toString(36)}`;
  };
}

/**
 * What an operator watches (issue 27): GET /metrics in Prometheus' text format, the request id on
 * every answer (`X-Request-Id`; Fastify puts it on every log line of the request as `reqId`), and
 * /health/live and /health/ready for the load balancer. /api/v1/health keeps its spec'd answer.
 */
export const observabilityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const registry = createRegistry();
  const metrics: Metrics = {
    registry,
    requests: registry.counter('http_requests_total', 'HTTP requests answered, by method, route and status.'),
    requestSeconds: registry.histogram('http_request_duration_seconds', 'Time to answer, by method, route and status.'),
    predictorSeconds: registry.histogram('rankwise_predictor_answer_seconds', 'Time to compute a predictor page, by stream and source (read_model or sql).'),
    readModelBuildSeconds: registry.histogram('rankwise_read_model_build_seconds', 'Time to build a read model, by model.', [...SECONDS_BUCKETS, 30, 60, 120]),
    jobFailures: registry.counter('rankwise_job_failures_total', 'Job attempts that failed, by kind.'),
  };
  app.decorate('metrics', metrics);
  let draining = false;
  let shedReads = false;
  app.decorate('draining', () => draining);
  app.decorate('startDraining', () => {
    draining = true;
    shedReads = true;
  });
  app.addHook('preClose', async () => {
    draining = true;
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (shedReads && (request.method === 'GET' || request.method === 'HEAD') && request.url !== '/health/live') {
      return reply.code(503).header('connection', 'close').header('retry-after', '1').send({ message: UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw URL (one series per route, whatever ids or tokens a path holds).
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    const stream = PREDICTOR_ROUTES[route];
    if (stream && reply.statusCode === 200) {
      const source = opts.config.PREDICTOR_READ_MODEL && app.readModels.loaded() ? 'read_model' : 'sql';
      metrics.predictorSeconds.observe({ stream, source }, reply.elapsedTime / 1000);
    }
  });

  registry.gauge('rankwise_jobs', 'Jobs in the queue by state (the whole database: the same on every instance).', async () => {
    const s = await within(app.jobs.stats(), 1000);
    return Object.entries(s).map(([state, value]) => ({ labels: { state }, value }));
  });
  registry.gauge('rankwise_payments', 'Payments by status (the whole database: the same on every instance).', () => countBy('payments'));
  registry.gauge('rankwise_refunds', 'Refunds by status (the whole database: the same on every instance).', () => countBy('refunds'));
  registry.gauge('rankwise_db_pool_connections', "This instance's PostgreSQL pool: total, idle and waiting clients.", () => {
    const d = app.database;
    if (d.kind !== 'postgres') return [];
    return [
      { labels: { state: 'total' }, value: d.client.totalCount },
      { labels: { state: 'idle' }, value: d.client.idleCount },
      { labels: { state: 'waiting' }, value: d.client.waitingCount },
    ];
  });
  registry.gauge('rankwise_read_models_loaded', 'Whether every read model is built (1) or still loading (0).', () => [
    { value: app.readModels.loaded() ? 1 : 0 },
  ]);
  registry.gauge('process_resident_memory_bytes', 'Resident memory of this process.', () => [{ value: process.memoryUsage().rss }]);
  registry.gauge('process_cpu_seconds_total', 'CPU time of this process (user and system).', () => {
    const u = process.cpuUsage();
    return [{ value: (u.user + u.system) / 1e6 }];
  });

  async function countBy(table: 'payments' | 'refunds') {
    const r = (await within(app.database.db.execute(`select status, count(*)::int as n from ${table} group by status`), 1000)) as unknown as {
      rows: { status: string; n: number }[];
    };
    return r.rows.map((x) => ({ labels: { status: x.status }, value: Number(x.n) }));
  }

  const token = opts.config.METRICS_TOKEN ? Buffer.from(`Bearer ${opts.config.METRICS_TOKEN}`) : null;
  const authorized = (header: string | undefined) => {
    if (!token || !header) return false;
    const given = Buffer.from(header);
    return given.length === token.length && timingSafeEqual(given, token);
  };
  // On the public port only behind the token; unknown (404) without one, so nothing tells a visitor it exists.
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!authorized(request.headers.authorization)) return reply.code(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await registry.text());
  });
  if (opts.config.METRICS_PORT > 0) {
    const server: Server = createServer((req, res) => {
      if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
        res.writeHead(404).end();
        return;
      }
      registry.text().then(
        (body) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(body),
        () => res.writeHead(500).end(),
      );
    });
    app.addHook('onListen', async () => {
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(opts.config.METRICS_PORT, opts.config.METRICS_HOST, resolve));
    });
    app.addHook('onClose', async () => void (await new Promise((r) => server.close(r))));
  }

  // Liveness: the process answers (restart it if not). Readiness: send it traffic (the database
  // answers and the read models are built); false while it starts, loads or the database is away.
  app.get('/health/live', { logLevel: 'warn', schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { logLevel: 'warn', schema: { hide: true } }, async (_request, reply) => {
    const [database] = await Promise.all([pingDatabase(app.database, 1500)]);
    const readModels = app.readModels.loaded();
    const ready = database.ok && readModels && !app.draining();
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', database: database.ok, readModels, draining: app.draining() });
  });
});
