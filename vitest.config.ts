import { defineConfig } from 'vitest/config';

// CI (.ci/run) asks for each file's time as well (scripts/vitest-file-times.mjs), and prints the slowest.
const fileTimes = process.env.VITEST_FILE_TIMES;

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'lint'],
    ...(fileTimes ? { reporters: ['default', './scripts/vitest-file-times.mjs'] } : {}),
  },
});
