#!/usr/bin/env node
/**
 * `npm run check`: the fast checks, in parallel: typecheck (every package), lint (ESLint and
 * Prettier), and the unit tests (everything but the API's integration tests in apps/api/test and the
 * browser tests). Each part's output is printed when it ends, then a summary; exits 1 if any failed.
 */
import { spawn } from 'node:child_process';

const parts = [
  ['typecheck', 'npm run typecheck --silent'],
  ['lint', 'npm run lint --silent'],
  ['unit tests', 'npx vitest run --project contract --project web --project lint --project api apps/api/src packages/contract apps/web lint'],
];

const run = ([name, command]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { shell: true, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n== ${name} (${code === 0 ? 'ok' : 'FAILED'}, ${seconds} s)\n${code === 0 ? output.split('\n').slice(-6).join('\n') : output}\n`);
      resolve({ name, ok: code === 0, seconds });
    });
  });

const results = await Promise.all(parts.map(run));
console.log(`\ncheck: ${results.map((r) => `${r.name} ${r.ok ? 'ok' : 'FAILED'} (${r.seconds} s)`).join(', ')}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
