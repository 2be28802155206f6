import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One wiring style for the API's modules (ARCHITECTURE.md, decision 0025): a module with routes has
// a *.plugin.ts that builds what it needs once and that app.ts registers; its routes only map
// endpoints to service functions (they build no repository or service); a service is functions
// taking the module's deps first, `fn(d, ...)`, not an object made by a factory.

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/api/src/modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const read = (m: string, file: string) => readFileSync(path.join(modulesDir, m, file), 'utf8');
const appTs = readFileSync(path.join(root, 'apps/api/src/app.ts'), 'utf8');
const withRoutes = modules.filter((m) => existsSync(path.join(modulesDir, m, `${m}.routes.ts`)));

describe('API modules', () => {
  it('finds the modules', () => {
    expect(withRoutes).toEqual(expect.arrayContaining(['bookings', 'payments', 'sessions', 'engineering', 'auth']));
  });

  it.each(withRoutes)('%s: a plugin registered by app.ts builds its deps; its routes build nothing', (m) => {
    const plugin = path.join(modulesDir, m, `${m}.plugin.ts`);
    expect(existsSync(plugin), `${m}/${m}.plugin.ts`).toBe(true);
    expect(appTs).toContain(`./modules/${m}/${m}.plugin.ts`);
    const routes = read(m, `${m}.routes.ts`);
    expect(routes).not.toMatch(/\bcreate[A-Z]\w*(Repository|Service)\(/);
    expect(routes).not.toMatch(/\bapp\.database\b/);
  });

  it.each(modules.filter((m) => existsSync(path.join(modulesDir, m, `${m}.service.ts`))))('%s: the service is functions over deps, not a factory', (m) => {
    expect(read(m, `${m}.service.ts`)).not.toMatch(/^export function create\w*Service\(/m);
  });
});
