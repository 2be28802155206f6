import { loadConfig } from '../config.ts';
import { importMissing } from '../data/import-all.ts';
import { createProgress } from '../data/progress.ts';
import { seedDemoCounsellors } from '../modules/counsellors/demo-counsellors.ts';
import { openForCli } from './open.ts';

// `npm run seed:demo`: a few demo counsellors (labelled Demo) so a newcomer can try booking. Explicit only.
const settings = loadConfig();
if (settings.NODE_ENV === 'production') {
  console.error('seed:demo adds made-up counsellors and never runs in production.');
  process.exit(1);
}
const { config, database } = await openForCli(settings);
try {
  // Counsellors belong to colleges: import the data sets first if this database has none yet.
  const log = (m: string) => console.log(m);
  await importMissing({ database, config, log, progress: createProgress(log) });
  const r = await seedDemoCounsellors(database.db);
  for (const n of r.added) console.log(`added demo counsellor ${n}`);
  for (const n of r.present) console.log(`already present: ${n}`);
  for (const n of r.skipped) console.log(`skipped: ${n}`);
  console.log('Demo counsellors are listed on /connect-students with a Demo label; payments go to the Cashfree stand-in unless credentials are set.');
} finally {
  await database.close();
}
