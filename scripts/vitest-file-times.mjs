/**
 * A Vitest reporter for CI (.ci/run): writes each test file's time (its tests and hooks, data
 * imports included, plus collecting it) to the JSON file named by VITEST_FILE_TIMES, slowest first.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';

export default class FileTimes {
  onTestRunEnd(testModules) {
    const rows = testModules.map((m) => {
      const d = m.diagnostic();
      return { seconds: (d.duration + d.collectDuration) / 1000, file: path.relative(process.cwd(), m.moduleId), state: m.state() };
    });
    writeFileSync(process.env.VITEST_FILE_TIMES, JSON.stringify(rows.sort((a, b) => b.seconds - a.seconds)));
  }
}
