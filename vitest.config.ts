import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// CI (.ci/run) asks for each file's time as well (scripts/vitest-file-times.mjs), and prints the slowest.
const fileTimes = process.env.VITEST_FILE_TIMES;

/**
 * The files that take longest (CI's slowest-files table: a first-start import of the built server,
 * sweeps of thousands of predictor payloads, the choice backtests), longest first. Without a
 * results cache (a clean clone) Vitest starts the larger files first, which put these last, so one
 * worker ran on alone at the end; started first, the two workers end together.
 */
const LONGEST_FIRST = [
  'apps/api/test/server-bundle.integration.test.ts',
  'apps/api/test/predictor-read-model.integration.test.ts',
  'apps/api/test/choices.integration.test.ts',
  'apps/api/test/data-add.integration.test.ts',
  'apps/api/test/colleges.integration.test.ts',
];

/** Vitest's order (groups, projects, then cached durations or sizes), with the files above first within their project. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectAt = new Map<string, number>();
    sorted.forEach((f, i) => projectAt.has(f.project.name) || projectAt.set(f.project.name, i));
    const rank = (f: TestSpecification) => {
      const k = LONGEST_FIRST.indexOf(path.relative(import.meta.dirname, f.moduleId));
      return k < 0 ? LONGEST_FIRST.length : k;
    };
    return sorted
      .map((f, i) => ({ f, key: [projectAt.get(f.project.name)!, rank(f), i] }))
      .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2])
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'lint'],
    sequence: { sequencer: LongestFirst },
    ...(fileTimes ? { reporters: ['default', './scripts/vitest-file-times.mjs'] } : {}),
  },
});
