import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One wiring style for the API's modules (ARCHITECTURE.md, decision 0025): a module with routes has
// a <m>.plugin.ts, registered by app.ts, that builds its services once and registers <m>.routes.ts
// (eslint.config.js lets app.ts import nothing else of a module); the routes only map endpoints to
// service functions. One service style: functions taking the module's deps first, `fn(d, ...)`,
// not an object made by a `createXService` factory, with the repositories in those deps.

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/api/src/modules');
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const read = (m: string, file: string) => readFileSync(path.join(modulesDir, m, file), 'utf8');
const appTs = readFileSync(path.join(root, 'apps/api/src/app.ts'), 'utf8');
const withRoutes = modules.filter((m) => existsSync(path.join(modulesDir, m, `${m}.routes.ts`)));
const withService = modules.filter((m) => existsSync(path.join(modulesDir, m, `${m}.service.ts`)));

describe('API modules', () => {
  it('finds the modules', () => {
    expect(withRoutes).toEqual(expect.arrayContaining(['auth', 'bookings', 'engineering', 'payments', 'sessions']));
  });

  it.each(withRoutes)('%s: a plugin that app.ts registers, and that registers the routes', (m) => {
    const plugin = path.join(modulesDir, m, `${m}.plugin.ts`);
    expect(existsSync(plugin), `${m}/${m}.plugin.ts`).toBe(true);
    expect(appTs).toContain(`'./modules/${m}/${m}.plugin.ts'`);
    expect(read(m, `${m}.plugin.ts`)).toMatch(new RegExp(`from '\\./${m}\\.routes\\.ts'`));
    expect(read(m, `${m}.plugin.ts`)).toMatch(/registerApiRoutes\(app, \w+\)/);
  });

  it.each(withRoutes)('%s: the routes build nothing', (m) => {
    const routes = read(m, `${m}.routes.ts`);
    expect(routes).not.toMatch(/\bcreate[A-Z]\w*(Repository|Service)\(/);
    expect(routes).not.toMatch(/\bapp\.database\b/);
  });

  it.each(withService)('%s: the service is functions over deps, not a factory', (m) => {
    const service = read(m, `${m}.service.ts`);
    expect(service).not.toMatch(/^export function create\w*Service\(/m);
    expect(service).not.toMatch(/^export (default )?class\b/m);
    // Its repositories come in the deps (built once by the plugin; d.uow for transactions).
    expect(service).not.toMatch(/\bcreate[A-Z]\w*Repository\(/);
  });
});
