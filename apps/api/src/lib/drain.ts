import type { Server } from 'node:http';
import { setImmediate as nextCheck, setTimeout as sleep } from 'node:timers/promises';

/**
 * When a stopping server may close its listener without losing a request (issue 27: SIGTERM drains
 * with no 5xx through the proxy). Closing a listening socket resets the connections the kernel has
 * accepted but the process has not yet taken; behind nginx each request comes on a new connection
 * with the request already sent, so nginx answers it 502 and rightly does not resend a POST.
 *
 * So the listener stays open until no connection has come for a while: while stopping, GETs are
 * answered 503 (plugins/observability.ts), which nginx asks of another instance and counts as this
 * one failing (deploy/nginx.conf: `proxy_next_upstream … http_503`, `max_fails=1`), so it stops
 * sending here; once nothing has come for `quietMs` the listener can close with nothing queued.
 */
export function listenerQuiet(server: Server): {
  /** Resolves once no connection has come for `quietMs` (from the call on), or after `maxMs`. */
  quiet(quietMs: number, maxMs: number): Promise<void>;
} {
  let lastConnectionAt = performance.now();
  server.on('connection', () => (lastConnectionAt = performance.now()));
  return {
    async quiet(quietMs, maxMs) {
      const started = performance.now();
      lastConnectionAt = started;
      for (;;) {
        // Timers run before the poll phase that takes queued connections: look after it.
        await nextCheck();
        const now = performance.now();
        if (now - lastConnectionAt >= quietMs || now - started >= maxMs) return;
        await sleep(Math.max(10, Math.min(quietMs - (now - lastConnectionAt), maxMs - (now - started))));
      }
    },
  };
}
