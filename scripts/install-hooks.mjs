#!/usr/bin/env node
/**
 * The `prepare` script (runs on `npm install` and `npm ci`): points git at .githooks/ so the
 * pre-commit hook runs. Does nothing, and never fails, in CI, outside a git checkout (an unpacked
 * tarball, a copy without .git), or when the hooks path is set already.
 */
import { execFileSync } from 'node:child_process';

const git = (...args) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
try {
  if (process.env.CI) process.exit(0);
  if (git('rev-parse', '--is-inside-work-tree') !== 'true') process.exit(0);
  let current = '';
  try {
    current = git('config', '--get', 'core.hooksPath');
  } catch {
    // not set
  }
  if (!current) git('config', 'core.hooksPath', '.githooks');
} catch {
  // No git, or not a checkout: nothing to install.
}
