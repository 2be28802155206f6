import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Whether Redis is worth asking, per client (docs/decisions/0017, issue 29). Disconnected is easy:
 * ioredis says so. A hung Redis (SIGSTOP, a paused VM: the socket open, the connection 'ready', no
 * answers) is not: every command would wait its 1 s timeout. So a command that times out (or
 * fails other than with Redis' own reply) opens a circuit: callers count in the process at once,
 * a background PING every PROBE_MS asks Redis, and the first answer closes the circuit. The change
 * is logged once each way, whatever its cause (a lost connection, a hang).
 */
type Guard = {
  open: boolean;
  trip(err: unknown): void;
};

const guards = new WeakMap<Redis, Guard>();

export const PROBE_MS = 1000;

/** Redis when it is connected and answering; null while it is away, hung, or not configured. */
export function readyRedis(redis: Redis | null): Redis | null {
  if (!redis || redis.status !== 'ready') return null;
  return guards.get(redis)?.open ? null : redis;
}

/** A command to Redis failed: unless Redis itself answered with an error, stop asking it until it answers a probe. */
export function redisFailed(redis: Redis | null, err: unknown): void {
  if (!redis || (err as { name?: unknown })?.name === 'ReplyError') return;
  guards.get(redis)?.trip(err);
}

/**
 * Watches a client: connection events and the circuit, one log line per change of state.
 * Returns a function that stops the probe (on close).
 */
export function guardRedis(redis: Redis, log: FastifyBaseLogger, probeMs = PROBE_MS): () => void {
  // null: not yet known (the first 'ready' logs once).
  let up: boolean | null = null;
  let probe: NodeJS.Timeout | null = null;
  const wentDown = (reason: string) => {
    if (up !== false) log.warn({ reason }, 'redis unavailable: limits counted in this process until it answers');
    up = false;
  };
  const cameUp = () => {
    if (up !== true) log.info(up === null ? 'redis ready: limits shared through it' : 'redis answering again: limits shared through it');
    up = true;
  };
  const stopProbe = () => {
    if (probe) clearInterval(probe);
    probe = null;
  };
  const guard: Guard = {
    open: false,
    trip(err) {
      if (guard.open) return;
      guard.open = true;
      wentDown((err as Error)?.message ?? String(err));
      let inFlight = false;
      probe = setInterval(() => {
        if (inFlight || redis.status !== 'ready') return;
        inFlight = true;
        redis.ping().then(
          () => {
            inFlight = false;
            if (!guard.open) return;
            guard.open = false;
            stopProbe();
            cameUp();
          },
          () => {
            inFlight = false;
          },
        );
      }, probeMs);
      probe.unref();
    },
  };
  guards.set(redis, guard);

  redis.on('ready', () => {
    // A fresh connection answered its ready check: the circuit is closed whatever opened it.
    guard.open = false;
    stopProbe();
    cameUp();
  });
  redis.on('error', (err: Error) => wentDown(err.message));
  redis.on('close', () => {
    if (up === true) wentDown('connection closed');
  });
  return stopProbe;
}
