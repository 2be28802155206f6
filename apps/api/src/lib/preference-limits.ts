import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SUBMISSION_LIMIT_MESSAGE } from '@rankwise/contract/engineering';
import { AppError } from './app-error.ts';
import { readyRedis } from './key-limiter.ts';
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

/**
 * In-process counter; Redis replaces it when configured so all API instances share counts. The
 * check and the insert run with no await between them, so parallel requests cannot both take the
 * last place.
 */
function memoryCounter(): Counter {
  const sets = new Map<string, { members: Set<string>; resetAt: number }>();
  return {
    async admit(key, member, limit, windowSeconds) {
      const now = Date.now();
      let entry = sets.get(key);
      if (!entry || entry.resetAt <= now) {
        if (sets.size > 100_000) for (const [k, v] of sets) if (v.resetAt <= now) sets.delete(k);
        entry = { members: new Set(), resetAt: now + windowSeconds * 1000 };
        sets.set(key, entry);
      }
      if (entry.members.has(member)) return true;
      if (entry.members.size >= limit) return false;
      entry.members.add(member);
      return true;
    },
  };
}

// KEYS[1] the caller's set; ARGV member, limit, window seconds. One script, so the check and the
// insert are one atomic step: 150 parallel new sets at the limit admit exactly the limit.
const ADMIT_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

/** Redis while it answers; this process's own counts while it does not (the limit never switches off). */
function redisCounter(app: FastifyInstance, fallback: Counter): Counter {
  return {
    async admit(key, member, limit, windowSeconds) {
      const redis = readyRedis(app.redis);
      if (redis) {
        try {
          return (await redis.eval(ADMIT_SCRIPT, 1, `sub:${key}`, member, limit, windowSeconds)) === 1;
        } catch {
          // Redis went away mid-call: count here.
        }
      }
      return fallback.admit(key, member, limit, windowSeconds);
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
  const counter = redisCounter(app, memoryCounter());
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
