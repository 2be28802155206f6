import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { importMissing } from './data/import-all.ts';
import { createProgress } from './data/progress.ts';
import { withoutStatementTimeout } from './db/client.ts';

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

const app = await buildApp(config);
if (config.IMPORT_ON_START) {
  const log = (m: string) => app.log.info(m);
  // An import's statements may run longer than a request's statement timeout.
  const done = await withoutStatementTimeout(app.database, (database) => importMissing({ database, config, log, progress: createProgress(log) }));
  for (const s of done) app.log.info({ rows: s.rows, ms: Math.round(s.ms), unplaced: s.unplaced.length }, `imported ${s.name}`);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.PORT, host: config.HOST });
console.log(`Rankwise is running at http://localhost:${config.PORT} (database: ${app.database.kind})`);
