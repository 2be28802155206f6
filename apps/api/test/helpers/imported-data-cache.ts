/**
 * The run's PGlite import handed on to the next step: the unit run's builder
 * (helpers/imported-data-build.ts) keeps its dump under node_modules/.cache/rankwise/, and the
 * browser tests' harness (e2e/support/harness.ts) starts from it instead of importing the same data
 * again (docs/decisions/0038). The dump is keyed by a checksum of everything that decides what the
 * import writes: every file under DATA_DIR (content, size and time, as the importers' own input
 * hashes use the time), the API's source (importers, schema, read models), its migrations, the
 * contract package, the package lock (PGlite's version and the dump's format), the import's settings
 * and this file's format version. A key that matches nothing (data, code or packages changed, or no
 * unit run before) is a miss, and the caller imports as a first start does.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../src/config.ts';

/** Bump when what is kept, or how, changes. */
const FORMAT = '1';
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
export const importedDataCacheDir = path.join(repoRoot, 'node_modules/.cache/rankwise/imported-data');

/** The code and lock files whose every byte goes into the key (paths from the repository's root). */
const CODE_INPUTS = ['apps/api/src', 'apps/api/drizzle', 'packages/contract/src', 'package-lock.json', 'apps/api/test/helpers/imported-data-build.ts'];

function filesUnder(p: string): string[] {
  if (!existsSync(p)) return [];
  if (!statSync(p).isDirectory()) return [p];
  return readdirSync(p, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** What decides the import's result: the key of its dump in the cache (hex). */
export function importedDataKey(config: Pick<Config, 'DATA_DIR' | 'PREDICTOR_REFERENCE_YEAR' | 'MEDICAL_REFERENCE_YEAR' | 'MEDICAL_REFERENCE_ROUND'>): string {
  const h = createHash('sha256');
  h.update(`format ${FORMAT}\n`);
  h.update(`settings ${config.PREDICTOR_REFERENCE_YEAR ?? ''}|${config.MEDICAL_REFERENCE_YEAR ?? ''}|${config.MEDICAL_REFERENCE_ROUND ?? ''}\n`);
  for (const file of filesUnder(config.DATA_DIR)) {
    const st = statSync(file);
    h.update(`data ${path.relative(config.DATA_DIR, file)}|${st.size}|${st.mtimeMs}|`);
    h.update(readFileSync(file));
  }
  for (const input of CODE_INPUTS) {
    for (const file of filesUnder(path.join(repoRoot, input))) {
      if (file.endsWith('.test.ts')) continue;
      h.update(`code ${path.relative(repoRoot, file)}|`);
      h.update(readFileSync(file));
    }
  }
  return h.digest('hex');
}

const tarOf = (key: string) => path.join(importedDataCacheDir, `pglite-${key}.tar`);

/** The cached PGlite dump of this key, if there is one. */
export function cachedPgliteDump(key: string): string | null {
  const file = tarOf(key);
  return existsSync(file) ? file : null;
}

/**
 * Keeps `tar` (PGlite's dumpDataDir) as the dump of `key`, written whole or not at all, and drops
 * the dumps of other keys (a few hundred MB each). Never throws: a cache that cannot be written is
 * only a later import.
 */
export function keepPgliteDump(key: string, tar: Uint8Array): void {
  try {
    mkdirSync(importedDataCacheDir, { recursive: true });
    const file = tarOf(key);
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, tar);
    renameSync(part, file);
    for (const name of readdirSync(importedDataCacheDir)) {
      if (name !== path.basename(file) && name.startsWith('pglite-') && !name.endsWith('.part')) rmSync(path.join(importedDataCacheDir, name), { force: true });
    }
  } catch (err) {
    console.warn(`the imported data could not be kept for the browser tests: ${err instanceof Error ? err.message : String(err)}`);
  }
}
