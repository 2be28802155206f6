import { defineConfig, devices } from '@playwright/test';
import { E2E_PORT } from './support/ports.ts';

// Debian's Chromium; never a downloaded browser (no network here).
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests',
  // Tests, not files, are shared out between the workers: a long file (engineering.spec.ts) no longer
  // ends the run on one worker while the other idles. A describe block that is serial stays so.
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Bounds that only a hang reaches: a machine busy with other work stretches every step (a load
  // average of 25 on two cores, tenfold), and a wait that is met returns at once (decision 0036).
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npx tsx support/harness.ts',
    url: `http://localhost:${E2E_PORT}/api/v1/health`,
    // Without the unit run's import to start from (docs/decisions/0038) the harness imports the data
    // (about a minute of CPU): bounded work that load stretches.
    timeout: 1_800_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
