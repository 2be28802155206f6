import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The real data is imported once per run, in the background, for the files that use it (test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    // Every test's work is bounded; these bounds only catch a hang, so a machine busy with other work
    // (a load average of 25 on two cores stretches work tenfold) must not reach them (decision 0036).
    testTimeout: 180_000,
    hookTimeout: 600_000,
    // Integration files each build their own databases; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Its own group (after the web unit tests), as its worker count differs from theirs.
    sequence: { groupOrder: 1 },
  },
});
