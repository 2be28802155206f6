import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// A clean `npm ci` on the Node the README promises prints no engine warning, and every installed
// package gets a version its own package.json accepts (docs/decisions/0033). The second check is
// what an npm override can break silently: cookie 1 forced under an @fastify/cookie written for
// cookie 2 installed without a word and answered 500 from the compiled server.

const root = path.resolve(import.meta.dirname, '..');
type LockPackage = {
  resolved?: string;
  version?: string;
  link?: boolean;
  engines?: Record<string, string> | string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, LockPackage> };
const manifest = readJson('package.json') as { engines: { node: string } };
const packages = Object.entries(lock.packages).filter(([key]) => key !== '');

/** Where Node finds `name` from the package at `dir`: its own node_modules, then each parent folder's. */
function resolve(dir: string, name: string): string | undefined {
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  }
}

/** A workspace link's version is its folder's (node_modules/@rankwise/api → apps/api). */
const versionAt = (key: string): string | undefined => {
  const p = lock.packages[key]!;
  return p.link && p.resolved ? lock.packages[p.resolved]?.version : p.version;
};

describe('the install', () => {
  it('asks for the same lowest Node the README promises', () => {
    expect(manifest.engines.node).toBe('>=20.19');
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toContain('Node 20.19+');
  });

  it('has no package that asks for a newer Node than the lowest one promised (no EBADENGINE)', () => {
    const lowest = semver.minVersion(manifest.engines.node)!.version;
    const tooNew = packages
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as Record<string, string>).node))
      .map(([key, p]) => `${key}@${p.version} wants node ${(p.engines as Record<string, string>).node}`);
    expect(tooNew).toEqual([]);
  });

  it('gives every package a version of each dependency its own package.json accepts, overrides included', () => {
    const mismatched: string[] = [];
    for (const [key, p] of packages) {
      if (p.link) continue;
      const optional = { ...p.optionalDependencies };
      const required = { ...p.dependencies, ...optional };
      for (const [name, range] of Object.entries(required)) {
        const at = resolve(key, name);
        if (!at) {
          if (!(name in optional)) mismatched.push(`${key}: ${name} is missing`);
          continue;
        }
        const version = versionAt(at);
        if (!version || !semver.validRange(range)) continue; // git, file: and workspace links
        if (!semver.satisfies(version, range, { includePrerelease: true })) mismatched.push(`${key} wants ${name}@${range}, gets ${version}`);
      }
    }
    expect(mismatched).toEqual([]);
  });
});
