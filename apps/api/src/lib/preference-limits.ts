import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SUBMISSION_LIMIT_MESSAGE } from '@rankwise/contract/engineering';
import { AppError } from './app-error.ts';
import { readyRedis, redisFailed } from './redis-guard.ts';
import type { AuthUser } from './request-user.ts';

/**
 * Rules shared by the engineering and medical predictors:
 * - a visitor (signed out) sees only the first page and cannot search (spec §6);
 * - each visitor (by client address) or account may submit SUBMISSION_LIMIT distinct preference
 *   sets per window; paging, sorting and searching the same set do not count (spec §8).
 */
export function enforceVisitorLimits<Q extends { page: number; pageSize: number; searchQuery: string }>(
  user: AuthUser | null,
  q: Q,
  visitorPageSize: number,
): Q {
  if (user) return q;
  if (q.page > 1) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to explore more colleges and use all features');
  if (q.searchQuery) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to search colleges');
  // No larger than the product's own first page (35 engineering, 10 medical), whatever was asked.
  return q.pageSize > visitorPageSize ? { ...q, pageSize: visitorPageSize } : q;
}

/** Admits `member` into `key`'s set unless the set is full; a member already in it is always admitted. */
type Counter = { admit(key: string, member: string, limit: number, windowSeconds: number): Promise<boolean> };

type MemorySet = { members: Set<string>; resetAt: number };

/**
 * The sets in this process: counted here while Redis is away, and a copy of what Redis admitted
 * while it answers (carried over either way, so a flapping Redis hands out no fresh sets). The
 * check and the insert run with no await between them, so parallel requests cannot both take the
 * last place.
 */
function memorySets() {
  const sets = new Map<string, MemorySet>();
  return {
    live(key: string, now = Date.now()): MemorySet | undefined {
      const e = sets.get(key);
      return e && e.resetAt > now ? e : undefined;
    },
    entry(key: string, windowMs: number, now = Date.now()): MemorySet {
      let entry = this.live(key, now);
      if (!entry) {
        if (sets.size > 100_000) for (const [k, v] of sets) if (v.resetAt <= now) sets.delete(k);
        entry = { members: new Set(), resetAt: now + windowMs };
        sets.set(key, entry);
      }
      return entry;
    },
    admit(key: string, member: string, limit: number, windowSeconds: number): boolean {
      const entry = this.entry(key, windowSeconds * 1000);
      if (entry.members.has(member)) return true;
      if (entry.members.size >= limit) return false;
      entry.members.add(member);
      return true;
    },
  };
}

// KEYS[1] the caller's set; ARGV member, limit, window seconds for a new set, then the members this
// process admitted (carried over: a set lost in a restart or behind after a hang gets them back).
// One script, so the check and the insert are one atomic step: 150 parallel new sets at the limit
// admit exactly the limit. Returns {admitted, ttl seconds}.
const ADMIT_SCRIPT = `
for i = 4, #ARGV do redis.call('SADD', KEYS[1], ARGV[i]) end
local admitted = 1
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then
  if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then admitted = 0 else redis.call('SADD', KEYS[1], ARGV[1]) end
end
local ttl = redis.call('TTL', KEYS[1])
if ttl < 0 and redis.call('EXISTS', KEYS[1]) == 1 then
  redis.call('EXPIRE', KEYS[1], ARGV[3])
  ttl = tonumber(ARGV[3])
end
return {admitted, ttl}
`;

/** Redis while it answers; this process's own counts while it does not (the limit never switches off). */
function redisCounter(app: FastifyInstance): Counter {
  const memory = memorySets();
  return {
    async admit(key, member, limit, windowSeconds) {
      const redis = readyRedis(app.redis);
      if (redis) {
        const now = Date.now();
        const known = memory.live(key, now);
        try {
          const [admitted, ttl] = (await redis.eval(
            ADMIT_SCRIPT,
            1,
            `sub:${key}`,
            member,
            limit,
            known ? Math.max(1, Math.ceil((known.resetAt - now) / 1000)) : windowSeconds,
            ...(known ? [...known.members] : []),
          )) as [number, number];
          const copy = memory.entry(key, Math.max(ttl, 1) * 1000);
          if (admitted === 1) copy.members.add(member);
          return admitted === 1;
        } catch (err) {
          // Redis went away or hung mid-call: count here.
          redisFailed(app.redis, err);
        }
      }
      return memory.admit(key, member, limit, windowSeconds);
    },
  };
}

/** Who is asking: the signed-in user, or a visitor known by the client address. */
export type Caller = { user: AuthUser | null; ip: string };

export type SubmissionLimiter = {
  check(caller: Caller, stream: 'engineering' | 'medical', preferenceSet: unknown): Promise<void>;
};

/** `preferenceSet` is the preferences without page, pageSize, sortBy and searchQuery. */
export function createSubmissionLimiter(app: FastifyInstance, limit: number, windowSeconds: number): SubmissionLimiter {
  const counter = redisCounter(app);
  return {
    async check(caller, stream, preferenceSet) {
      const who = caller.user ? `user:${caller.user.id}` : `ip:${caller.ip}`;
      const member = createHash('sha256')
        .update(`${stream}:${JSON.stringify(preferenceSet)}`)
        .digest('base64url');
      if (!(await counter.admit(who, member, limit, windowSeconds))) {
        throw new AppError('SUBMISSION_LIMIT', SUBMISSION_LIMIT_MESSAGE);
      }
    },
  };
}
