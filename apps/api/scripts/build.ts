/**
 * `npm run build -w apps/api`: the API as compiled JavaScript (docs/decisions/0019). esbuild bundles
 * the server and the import (run on its own by `npm run data:import`, and by the server on first
 * start) into dist/, one file each, with the workspace contract and the pure-JavaScript packages
 * inside; the packages that load files beside their own code (PGlite's WebAssembly and data files,
 * Swagger UI's assets) or native modules stay in node_modules. dist/ sits beside src/, so the
 * paths computed from a module's directory (config.ts: the repository root; the migrations) are
 * the same from either.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'dist');
const started = performance.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts', import: 'src/data/import-cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  metafile: true,
  external: ['@electric-sql/pglite', '@electric-sql/pglite/*', '@node-rs/argon2', 'sharp', '@fastify/swagger-ui', 'pg-native'],
  // Bundled CommonJS packages call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
const bytes = Object.values(result.metafile.outputs).reduce((a, o) => a + o.bytes, 0);
console.log(
  `api built into ${path.relative(process.cwd(), outdir) || '.'}/ (${(bytes / 1e6).toFixed(1)} MB with source maps) in ${Math.round(performance.now() - started)} ms`,
);
