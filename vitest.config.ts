import { defineConfig } from 'vitest/config';

// CI (.ci/run) asks for a JSON report as well, from which it prints the slowest files.
const jsonReport = process.env.VITEST_JSON_REPORT;

export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/api', 'apps/web', 'lint'],
    ...(jsonReport ? { reporters: ['default', ['json', { outputFile: jsonReport }]] } : {}),
  },
});
