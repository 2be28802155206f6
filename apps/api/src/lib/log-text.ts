/**
 * The server's log as a person reads it on a terminal (LOG_FORMAT=text, the default on a TTY):
 * one short line per message and one per answered request ('GET /api/v1/health 200 1.2 ms'), in
 * place of pino's JSON lines, which stay the format when the output is a file or a pipe (or with
 * LOG_FORMAT=json). Fastify's 'Server listening at' lines are left out: the start's own
 * 'running at' line names the address.
 */
export function createTextLog(): (jsonLine: string) => string | null {
  // 'incoming request' carries the method and URL, 'request completed' the status and time.
  const pending = new Map<string, string>();
  return (jsonLine) => {
    let entry: Record<string, unknown>;
    try {
      entry = JSON.parse(jsonLine) as Record<string, unknown>;
    } catch {
      return jsonLine;
    }
    const msg = typeof entry.msg === 'string' ? entry.msg : '';
    const reqId = typeof entry.reqId === 'string' || typeof entry.reqId === 'number' ? String(entry.reqId) : null;
    const req = entry.req as { method?: string; url?: string } | undefined;
    const res = entry.res as { statusCode?: number } | undefined;
    if (msg === 'incoming request' && reqId && req) {
      pending.set(reqId, `${req.method ?? ''} ${req.url ?? ''}`);
      return null;
    }
    if (msg === 'request completed' && reqId) {
      const what = pending.get(reqId) ?? `request ${reqId}`;
      pending.delete(reqId);
      const ms = typeof entry.responseTime === 'number' ? ` ${entry.responseTime.toFixed(1)} ms` : '';
      return `${what} ${res?.statusCode ?? ''}${ms}\n`;
    }
    if (msg.startsWith('Server listening at ')) return null;
    const level = typeof entry.level === 'number' ? entry.level : 30;
    const label = level >= 50 ? 'error: ' : level >= 40 ? 'warning: ' : '';
    const err = entry.err as { type?: string; message?: string; stack?: string } | undefined;
    const where = req?.method ? ` (${req.method} ${req.url ?? ''})` : '';
    let line = `${label}${msg}${where}`;
    if (err?.message && !msg.includes(err.message)) line += `: ${err.message}`;
    if (level >= 50 && err?.stack) line += `\n${err.stack}`;
    return `${line}\n`;
  };
}
