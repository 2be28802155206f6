import { defineConfig } from 'vitest/config';

/** The multi-instance test (fleet/): three built servers behind nginx; run alone by `npm run test:fleet`. */
export default defineConfig({
  test: {
    name: 'fleet',
    environment: 'node',
    include: ['fleet/**/*.fleet.ts'],
    testTimeout: 120_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
