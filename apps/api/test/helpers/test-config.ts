import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../../src/config.ts';

/** Configuration for tests: the real loader, a temporary data folder, quiet logs. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    IMPORT_ON_START: 'false',
    DATA_FOLDER: mkdtempSync(path.join(tmpdir(), 'rankwise-test-')),
    ...(process.env.DATA_DIR ? { DATA_DIR: process.env.DATA_DIR } : {}),
    ...env,
  });
}
