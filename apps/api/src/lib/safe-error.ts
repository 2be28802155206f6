/**
 * Errors as they may be logged or stored: never a query's parameters (contact details, hashes),
 * never PostgreSQL's `detail` ("Key (email)=(...) already exists"), never a query text with values.
 * Drizzle wraps a failed query as "Failed query: <sql>\nparams: <values>"; only the cause is kept.
 */
export type SafeError = { type: string; message: string; code?: string; constraint?: string; table?: string; column?: string; stack?: string };

const PARAMS_TAIL = /\nparams:[\s\S]*$/;

function isDrizzleQueryError(err: unknown): err is Error & { query: string; cause?: unknown } {
  return err instanceof Error && typeof (err as { query?: unknown }).query === 'string' && 'params' in err;
}

/** The innermost database error of a failure, if any (Drizzle wraps the driver's). */
export function databaseCause(err: unknown): (Error & { code?: string; constraint?: string; table?: string; column?: string }) | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e instanceof Error; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as Error & { code: string };
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A message as it may be logged: no query parameters, no quoted values, no e-mail addresses. */
export function safeText(message: string): string {
  return (
    message
      .replace(PARAMS_TAIL, '')
      // An SMTP server's refusal names the recipient.
      .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[e-mail]')
      .replace(/^Failed query: [\s\S]*$/, 'Failed query')
      // 'invalid input syntax for type uuid: "<what the client sent>"': keep names, drop values.
      .replace(/(?<!(?:constraint|relation|column|table|index|type|function|schema|database|role|encoding) )"[^"]*"/g, '"…"')
  );
}

export function safeError(err: unknown): SafeError {
  if (!(err instanceof Error))
    return err && typeof err === 'object' ? alreadySafe(err as Record<string, unknown>) : { type: typeof err, message: 'non-error thrown' };
  const db = databaseCause(err);
  const outer = isDrizzleQueryError(err) ? `Failed query (${err.query.split(/\s+/, 3).join(' ')} …)` : safeText(err.message);
  const out: SafeError = { type: err.constructor?.name ?? 'Error', message: outer };
  if (db && db !== err) out.message = `${outer}: ${safeText(db.message)}`;
  if (db) {
    out.code = db.code;
    if (db.constraint) out.constraint = db.constraint;
    if (db.table) out.table = db.table;
    if (db.column) out.column = db.column;
  } else if (typeof (err as { code?: unknown }).code === 'string') {
    out.code = (err as unknown as { code: string }).code;
  }
  // The stack's first line repeats the message (with the parameters): keep only the frames.
  if (err.stack)
    out.stack = err.stack
      .split('\n')
      .filter((l) => /^\s+at /.test(l))
      .slice(0, 12)
      .join('\n');
  return out;
}

/** An object given as an error (often one safeError made already): only its known fields, cleaned again. */
function alreadySafe(e: Record<string, unknown>): SafeError {
  const text = (k: string) => (typeof e[k] === 'string' ? safeText(e[k] as string) : undefined);
  const out: SafeError = { type: text('type') ?? 'object', message: text('message') ?? 'non-error thrown' };
  for (const k of ['code', 'constraint', 'table', 'column', 'stack'] as const) {
    const v = text(k);
    if (v !== undefined) out[k] = v;
  }
  return out;
}

/** One line for storage (a job's last error). */
export function safeErrorText(err: unknown): string {
  const e = safeError(err);
  return `${e.type}${e.code ? ` [${e.code}]` : ''}: ${e.message}`.slice(0, 1000);
}
