/** The SQLSTATE of a database error, whichever driver raised it and however Drizzle wrapped it. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

export const EXCLUSION_VIOLATION = '23P01';
export const UNIQUE_VIOLATION = '23505';

/**
 * The SQLSTATEs of a database that is away for a while: class 08 (connection exceptions), 53
 * (out of connections, memory or disk), 57P01-57P05 (shut down, restarting, not accepting yet,
 * idle session ended) and 57014 (our statement timeout: nothing else cancels a query).
 */
const UNAVAILABLE_STATES = /^(08...|53...|57P0[1-5]|57014)$/;
/** Socket errors of an unreachable server. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres and pg-pool say these without a code (a dropped connection, a frozen server, a closed pool). */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Query read timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|Cannot use a pool after calling end)/;

/**
 * Why the database cannot answer just now (down, restarting, frozen, unreachable, out of
 * connections), or undefined when the error is something else. The request may well succeed in a
 * minute: the API answers 503 UNAVAILABLE rather than 500 (plugins/errors.ts).
 */
export function databaseUnavailableReason(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNREACHABLE_CODES.has(e.code))) return e.code;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return e.message;
    // An AggregateError (a host name with several addresses, each refused) carries its causes in `errors`.
    if (e instanceof AggregateError) {
      const reason = e.errors.map(databaseUnavailableReason).find(Boolean);
      if (reason) return reason;
    }
  }
  return undefined;
}

/**
 * One line for an operator when the database refuses the API at start for a reason that waiting
 * will not cure: which setting is wrong and what the server said. Undefined for anything else.
 */
export function databaseSettingProblem(err: unknown, url: string | undefined): string | undefined {
  const code = pgErrorCode(err);
  const target = url ? new URL(url) : null;
  const name = target ? decodeURIComponent(target.pathname.replace(/^\//, '')) || '(none)' : '';
  const user = target ? decodeURIComponent(target.username) || '(none)' : '';
  switch (code) {
    case '3D000':
      return `DATABASE_URL names a database that does not exist on the server: "${name}". Create it (createdb ${name}) or correct DATABASE_URL.`;
    case '28P01':
    case '28000':
      return `DATABASE_URL: the server refused user "${user}" (wrong password, or no such user or no access from this address). Correct DATABASE_URL.`;
    case '42501':
      return `DATABASE_URL: user "${user}" may not do what the migrations need in database "${name}" (permission denied). Grant it, or use the owner's account.`;
    default:
      return undefined;
  }
}
