import type { FastifyBaseLogger } from 'fastify';
import { databaseUnavailableReason } from './pg-error.ts';
import { safeError } from './safe-error.ts';

export type OutageLog = {
  /** A run failed: an outage of the database is logged once (with its cause), anything else each time. */
  failed(err: unknown): void;
  /** A run succeeded: the end of an outage is logged once, with how long it lasted. */
  succeeded(): void;
};

/**
 * For work that repeats (a sweep every minute, a worker's poll): while the database is away it
 * would log the same error at every turn. One warning when the outage starts, naming its cause,
 * and one line when it ends (issue 29); other errors are errors each time.
 */
export function createOutageLog(log: FastifyBaseLogger, what: string, now: () => number = Date.now): OutageLog {
  let since: number | null = null;
  return {
    failed(err) {
      const reason = databaseUnavailableReason(err);
      if (!reason) {
        log.error({ err: safeError(err) }, `${what} failed`);
        return;
      }
      if (since !== null) return;
      since = now();
      log.warn({ reason }, `${what}: database unavailable; will retry quietly until it answers`);
    },
    succeeded() {
      if (since === null) return;
      log.info({ outageMs: now() - since }, `${what}: database reachable again`);
      since = null;
    },
  };
}
