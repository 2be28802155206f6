import { writeSync } from 'node:fs';
import { pino, type LoggerOptions } from 'pino';
import { buildApp, loggerOptions } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { listenerQuiet } from './lib/drain.ts';
import { createTextLog } from './lib/log-text.ts';
import { importSummaryLine, openImportedDatabase } from './data/first-start.ts';
import { databaseSettingProblem } from './lib/pg-error.ts';
import { openServingDatabase } from './plugins/db.ts';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

// The app's logger, made first: a first start logs its import before the app exists. It writes
// synchronously while the server starts, so the start's lines come in order and 'running at' is
// the last; then buffered, as Fastify's own logger does.
const serving = pino.destination({ dest: 1, sync: false });
let starting = true;
// JSON for files, pipes and log collectors; short plain lines for a person at a terminal (LOG_FORMAT overrides).
const asText = (config.LOG_FORMAT ?? (process.stdout.isTTY ? 'text' : 'json')) === 'text' ? createTextLog() : null;
const write = (line: string) => {
  const out = asText ? asText(line) : line;
  if (out === null) return;
  if (starting) writeSync(1, out);
  else serving.write(out);
};
const log = pino(loggerOptions(config, undefined) as LoggerOptions, { write });
let database;
try {
  if (config.IMPORT_ON_START) {
    // What the database lacks (on a first start, everything) is imported by a child process.
    const opened = await openImportedDatabase(config, log);
    database = opened.database;
    if (opened.imported) log.info(importSummaryLine(opened.imported));
  } else {
    database = await openServingDatabase(config, log);
  }
} catch (err) {
  // A wrong setting (no such database, a refused user) is said in one line naming it, not a stack trace.
  const problem = databaseSettingProblem(err, config.DATABASE_URL);
  if (!problem) throw err;
  writeSync(2, `${problem}\n`);
  process.exit(1);
}
const db = database;
const app = await buildApp(config, { database: db, loggerInstance: log });
app.addHook('onClose', async () => db.close());
// SIGTERM: take this instance out of the proxy's rotation, close the listener once nothing comes,
// answer every request already sent, let jobs in flight finish, exit (lib/drain.ts, docs/operations.md).
const listener = listenerQuiet(app.server);
const QUIET_MS = 1000;
const MAX_LISTEN_MS = 5000;
const CLOSE_BOUND_MS = 15_000;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    app.startDraining();
    void listener
      .quiet(QUIET_MS, MAX_LISTEN_MS)
      .then(() => {
        // A connection that sends nothing, or a request that never ends, does not hold the stop for ever.
        setTimeout(() => app.server.closeAllConnections(), CLOSE_BOUND_MS).unref();
        return app.close();
      })
      .then(() => process.exit(0));
  });
}
await app.listen({ port: config.PORT, host: config.HOST });
// localhost when listening on this machine (or everywhere); the address itself otherwise.
const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(config.HOST)
  ? 'localhost'
  : config.HOST.includes(':')
    ? `[${config.HOST}]`
    : config.HOST;
console.log(
  `Rankwise is running at http://${shownHost}:${config.PORT} (database: ${db.kind}; started in ${(performance.now() / 1000).toFixed(1)} s)` +
    (config.HOST === '0.0.0.0' || config.HOST === '::' ? ', listening on every network interface (HOST)' : ''),
);
starting = false;
// Loaded now rather than by the first request (which would wait for it).
await app.readModels.ready();
