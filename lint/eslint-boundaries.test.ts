import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints imports as if they were written in files inside the real tree (the files need not exist; the
// imported ones must), with the repository's own eslint.config.js, and expects each forbidden one to
// fail with the rule that guards it. The clean cases keep the test from passing on a config that
// rejects everything.

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

async function lint(file: string, code: string, linter = eslint): Promise<Linter.LintMessage[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(root, file) });
  return result.messages;
}

const importAll = (spec: string) => `import * as m from '${spec}';\n\nexport const used = m;\n`;
const importType = (spec: string) => `import type * as m from '${spec}';\n\nexport type Used = typeof m;\n`;
const dynamicImport = (spec: string) => `export const load = () => import('${spec}');\n`;
const reExport = (spec: string) => `export * from '${spec}';\n`;

const PATHS = 'import-x/no-restricted-paths';
const TEXT = 'no-restricted-imports';

interface Forbidden {
  name: string;
  /** where the import is written */
  file: string;
  code: string;
  /** the real file (or package folder) the import lands on; checked to exist so a rename cannot make a case pass by not resolving */
  lands: string | null;
  rule: string;
}

const web = 'apps/web/src';
const medicalFile = `${web}/features/medical/preferences-url.ts`;

const forbidden: Forbidden[] = [
  // packages/contract imports only zod and itself.
  {
    name: 'contract -> api, relative path spelled from ./',
    file: 'packages/contract/src/boundary-fixture.ts',
    code: importAll('./../../../apps/api/src/lib/app-error.ts'),
    lands: 'apps/api/src/lib/app-error.ts',
    rule: PATHS,
  },
  {
    name: 'contract -> web, relative path',
    file: 'packages/contract/src/boundary-fixture.ts',
    code: importType('../../../apps/web/src/lib/app-config.ts'),
    lands: `${web}/lib/app-config.ts`,
    rule: PATHS,
  },
  {
    name: 'contract -> e2e, relative path',
    file: 'packages/contract/src/boundary-fixture.ts',
    code: importAll('../../../e2e/support/ports.ts'),
    lands: 'e2e/support/ports.ts',
    rule: PATHS,
  },
  {
    name: 'contract -> a package other than zod',
    file: 'packages/contract/src/boundary-fixture.ts',
    code: importAll('react'),
    lands: 'node_modules/react',
    rule: PATHS,
  },
  { name: 'contract -> a Node builtin', file: 'packages/contract/src/boundary-fixture.ts', code: importAll('node:fs'), lands: null, rule: TEXT },

  // apps/api never imports apps/web or e2e.
  {
    name: 'api -> web, relative path',
    file: 'apps/api/src/modules/boundary-fixture.ts',
    code: importAll('../../../web/src/lib/app-config.ts'),
    lands: `${web}/lib/app-config.ts`,
    rule: PATHS,
  },
  {
    name: 'api -> web, workspace package name',
    file: 'apps/api/src/modules/boundary-fixture.ts',
    code: importAll('@rankwise/web/src/lib/app-config.ts'),
    lands: `${web}/lib/app-config.ts`,
    rule: PATHS,
  },
  {
    name: 'api tests -> web, type-only',
    file: 'apps/api/test/boundary-fixture.ts',
    code: importType('../../web/src/lib/app-config.ts'),
    lands: `${web}/lib/app-config.ts`,
    rule: PATHS,
  },
  {
    name: 'api -> e2e, relative path',
    file: 'apps/api/src/lib/boundary-fixture.ts',
    code: importAll('../../../../e2e/support/ports.ts'),
    lands: 'e2e/support/ports.ts',
    rule: PATHS,
  },

  // apps/web never imports apps/api (nor e2e), from any folder.
  {
    name: 'web app/ -> api, relative path',
    file: `${web}/app/boundary-fixture.tsx`,
    code: importAll('../../../api/src/lib/app-error.ts'),
    lands: 'apps/api/src/lib/app-error.ts',
    rule: PATHS,
  },
  {
    name: 'web src root -> api, relative path',
    file: `${web}/boundary-fixture.ts`,
    code: importAll('../../api/src/config.ts'),
    lands: 'apps/api/src/config.ts',
    rule: PATHS,
  },
  {
    name: 'web feature -> api, workspace package name',
    file: `${web}/features/medical/boundary-fixture.ts`,
    code: importAll('@rankwise/api/src/lib/app-error.ts'),
    lands: 'apps/api/src/lib/app-error.ts',
    rule: PATHS,
  },
  {
    name: 'web lib/ -> api, type-only',
    file: `${web}/lib/boundary-fixture.ts`,
    code: importType('../../../api/src/lib/app-error.ts'),
    lands: 'apps/api/src/lib/app-error.ts',
    rule: PATHS,
  },
  {
    name: 'web components/ -> api, relative path',
    file: `${web}/components/ui/boundary-fixture.tsx`,
    code: importAll('../../../../api/src/config.ts'),
    lands: 'apps/api/src/config.ts',
    rule: PATHS,
  },
  {
    name: 'web -> e2e, relative path',
    file: `${web}/app/boundary-fixture.tsx`,
    code: importAll('../../../../e2e/support/ports.ts'),
    lands: 'e2e/support/ports.ts',
    rule: PATHS,
  },

  // Shared code (lib/, components/) never imports features/ or app/.
  {
    name: 'lib/ -> a feature, alias',
    file: `${web}/lib/boundary-fixture.ts`,
    code: importAll('@/features/medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'lib/ -> app/, relative path',
    file: `${web}/lib/boundary-fixture.ts`,
    code: importAll('../app/routes.tsx'),
    lands: `${web}/app/routes.tsx`,
    rule: PATHS,
  },
  { name: 'lib/ -> main.tsx, relative path', file: `${web}/lib/boundary-fixture.ts`, code: importAll('../main.tsx'), lands: `${web}/main.tsx`, rule: PATHS },
  {
    name: 'components/ -> a feature, relative path',
    file: `${web}/components/results/boundary-fixture.tsx`,
    code: importAll('../../features/engineering/preferences-url.ts'),
    lands: `${web}/features/engineering/preferences-url.ts`,
    rule: PATHS,
  },
  {
    name: 'components/ -> app/, alias',
    file: `${web}/components/ui/boundary-fixture.tsx`,
    code: importAll('@/app/layout.tsx'),
    lands: `${web}/app/layout.tsx`,
    rule: PATHS,
  },

  // features/* never import app/.
  {
    name: 'feature -> app/, alias',
    file: `${web}/features/medical/components/boundary-fixture.tsx`,
    code: importAll('@/app/routes.tsx'),
    lands: `${web}/app/routes.tsx`,
    rule: PATHS,
  },
  {
    name: 'feature -> app/, relative path',
    file: `${web}/features/engineering/components/boundary-fixture.tsx`,
    code: importAll('../../../app/layout.tsx'),
    lands: `${web}/app/layout.tsx`,
    rule: PATHS,
  },

  // A feature never imports another feature, however the path is spelled.
  {
    name: 'feature -> feature, alias',
    file: `${web}/features/engineering/components/boundary-fixture.tsx`,
    code: importAll('@/features/medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'feature -> feature, ../../other',
    file: `${web}/features/engineering/components/boundary-fixture.tsx`,
    code: importAll('../../medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'feature -> feature, ../other from the feature root',
    file: `${web}/features/engineering/boundary-fixture.ts`,
    code: importAll('../medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'feature -> feature, alias through another folder',
    file: `${web}/features/engineering/boundary-fixture.ts`,
    code: importAll('@/lib/../features/medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'feature -> feature, dynamic import',
    file: `${web}/features/engineering/components/boundary-fixture.tsx`,
    code: dynamicImport('../../medical/preferences-url.ts'),
    lands: medicalFile,
    rule: PATHS,
  },
  {
    name: 'feature -> feature, re-export',
    file: `${web}/features/medical/api/boundary-fixture.ts`,
    code: reExport('@/features/engineering/preferences-url.ts'),
    lands: `${web}/features/engineering/preferences-url.ts`,
    rule: PATHS,
  },

  // The API's own layers (ARCHITECTURE.md).
  {
    name: 'api route -> db/',
    file: 'apps/api/src/modules/engineering/boundary-fixture.routes.ts',
    code: importAll('../../db/client.ts'),
    lands: 'apps/api/src/db/client.ts',
    rule: PATHS,
  },
  {
    name: 'api route -> db/ schema, type-only',
    file: 'apps/api/src/modules/sessions/boundary-fixture.routes.ts',
    code: importType('../../db/schema/bookings.ts'),
    lands: 'apps/api/src/db/schema/bookings.ts',
    rule: PATHS,
  },
  {
    name: "api module -> another module's repository",
    file: 'apps/api/src/modules/reviews/boundary-fixture.ts',
    code: importAll('../counsellors/counsellors.repository.ts'),
    lands: 'apps/api/src/modules/counsellors/counsellors.repository.ts',
    rule: PATHS,
  },
  {
    name: "api module -> another module's routes, from a subfolder",
    file: 'apps/api/src/modules/payments/webhooks/boundary-fixture.ts',
    code: importAll('../../sessions/sessions.routes.ts'),
    lands: 'apps/api/src/modules/sessions/sessions.routes.ts',
    rule: PATHS,
  },
  {
    name: 'api lib/ -> plugins/',
    file: 'apps/api/src/lib/boundary-fixture.ts',
    code: importAll('../plugins/mail.ts'),
    lands: 'apps/api/src/plugins/mail.ts',
    rule: PATHS,
  },
  {
    name: 'api lib/ -> modules/, type-only',
    file: 'apps/api/src/lib/boundary-fixture.ts',
    code: importType('../modules/auth/auth.service.ts'),
    lands: 'apps/api/src/modules/auth/auth.service.ts',
    rule: PATHS,
  },
  {
    name: "api app.ts -> a module's routes, not its plugin",
    file: 'apps/api/src/app.ts',
    code: importAll('./modules/bookings/bookings.routes.ts'),
    lands: 'apps/api/src/modules/bookings/bookings.routes.ts',
    rule: PATHS,
  },
  {
    name: "api app.ts -> a module's other file, type-only",
    file: 'apps/api/src/app.ts',
    code: importType('./modules/auth/google.ts'),
    lands: 'apps/api/src/modules/auth/google.ts',
    rule: PATHS,
  },
  {
    name: "api app.ts -> a module's service",
    file: 'apps/api/src/app.ts',
    code: importAll('./modules/choices/choices.service.ts'),
    lands: 'apps/api/src/modules/choices/choices.service.ts',
    rule: PATHS,
  },
  {
    name: 'api production -> dev/',
    file: 'apps/api/src/modules/payments/boundary-fixture.ts',
    code: importAll('../../dev/cashfree-stand-in.ts'),
    lands: 'apps/api/src/dev/cashfree-stand-in.ts',
    rule: PATHS,
  },
  {
    name: 'api production -> dev/, dynamic import from the src root',
    file: 'apps/api/src/boundary-fixture.ts',
    code: dynamicImport('./dev/dev-entry.ts'),
    lands: 'apps/api/src/dev/dev-entry.ts',
    rule: PATHS,
  },
];

// Every feature folder, including ones added after this test was written, is walled off from the next one.
const featureNames = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const firstSource = (dir: string): string =>
  readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.includes('.test.'))
    .sort()
    .map((f) => `${dir}/${f}`)[0];
featureNames.forEach((f, i) => {
  const other = featureNames[(i + 1) % featureNames.length];
  const target = firstSource(`${web}/features/${other}`);
  forbidden.push({
    name: `feature ${f} -> feature ${other}, relative path`,
    file: `${web}/features/${f}/components/boundary-fixture.tsx`,
    code: importAll(path.relative(`${web}/features/${f}/components`, target)),
    lands: target,
    rule: PATHS,
  });
});

const allowed = [
  {
    name: 'a feature -> itself, components/, lib/, contract, a package',
    file: `${web}/features/engineering/components/boundary-fixture.tsx`,
    code: [
      "import { Button } from '@/components/ui/button.tsx';",
      "import { useAppConfig } from '@/lib/app-config.ts';",
      "import { errorStatus } from '@rankwise/contract/errors';",
      "import { useState } from 'react';",
      "import { toSearchParams } from '../preferences-url.ts';",
      '',
      'export const used = [Button, useAppConfig, errorStatus, useState, toSearchParams];',
      '',
    ].join('\n'),
  },
  {
    name: 'app/ -> features and lib/',
    file: `${web}/app/boundary-fixture.tsx`,
    code: "import { toSearchParams } from '@/features/medical/preferences-url.ts';\nimport { useModal } from '@/lib/stores/modals.ts';\n\nexport const used = [toSearchParams, useModal];\n",
  },
  {
    name: 'api -> contract and its own code',
    file: 'apps/api/src/modules/boundary-fixture.ts',
    code: "import { errorStatus } from '@rankwise/contract/errors';\nimport { AppError } from '../lib/app-error.ts';\n\nexport const used = [errorStatus, AppError];\n",
  },
  {
    name: "api module -> another module's service, and its own files",
    file: 'apps/api/src/modules/payments/boundary-fixture.ts',
    code: "import { checkSlot } from '../bookings/bookings.service.ts';\nimport { createCashfreeProvider } from './cashfree-provider.ts';\n\nexport const used = [checkSlot, createCashfreeProvider];\n",
  },
  {
    name: "api app.ts -> a module's plugin",
    file: 'apps/api/src/app.ts',
    code: importAll('./modules/bookings/bookings.plugin.ts'),
  },
  {
    name: 'api test -> dev/ (tests may use the stand-in)',
    file: 'apps/api/src/modules/payments/boundary-fixture.test.ts',
    code: importAll('../../dev/cashfree-stand-in.ts'),
  },
  {
    name: 'contract -> zod and itself',
    file: 'packages/contract/src/boundary-fixture.ts',
    code: "import { z } from 'zod';\nimport { errorStatus } from './errors.ts';\n\nexport const used = [z, errorStatus];\n",
  },
];

describe('eslint.config.js boundaries (STYLE.md rule 1), on resolved paths', () => {
  it('finds the feature folders it walls off', () => {
    expect(featureNames).toEqual(expect.arrayContaining(['engineering', 'medical']));
  });

  it.each(forbidden)('rejects $name', async ({ file, code, lands, rule }) => {
    if (lands) expect(existsSync(path.join(root, lands)), `${lands} exists`).toBe(true);
    const messages = await lint(file, code);
    expect(messages.filter((m) => m.ruleId === null || m.ruleId === 'import-x/no-unresolved')).toEqual([]);
    expect(messages.filter((m) => m.ruleId === rule && m.severity === 2)).toHaveLength(1);
  });

  it.each(allowed)('allows $name', async ({ file, code }) => {
    expect(await lint(file, code)).toEqual([]);
  });
});

describe('eslint.config.js other rules', () => {
  it('rejects an import cycle', async () => {
    // The fixtures folder is ignored by the normal lint run, so this linter does not apply ignores.
    const file = 'lint/fixtures/cycle/cycle-a.ts';
    const messages = await lint(file, readFileSync(path.join(root, file), 'utf8'), new ESLint({ cwd: root, ignore: false }));
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['import-x/no-cycle', 2]]);
  });

  const component = (body: string) => `import { useEffect, useState } from 'react';\n\n${body}\n`;
  it.each([
    {
      rule: 'react-hooks/rules-of-hooks',
      code: component(
        'export function Counter({ on }: { on: boolean }) {\n  if (!on) return null;\n  const [n] = useState(0);\n  return <p>{n}</p>;\n}\n\nexport const used = useEffect;',
      ),
    },
    {
      rule: 'react-hooks/exhaustive-deps',
      code: component(
        'export function Title({ title }: { title: string }) {\n  const [n] = useState(0);\n  useEffect(() => {\n    document.title = `${title} ${n}`;\n  }, [n]);\n  return null;\n}',
      ),
    },
    { rule: 'jsx-a11y/alt-text', code: 'export function Logo() {\n  return <img src="/logo.svg" />;\n}\n' },
    {
      rule: 'jsx-a11y/click-events-have-key-events',
      code: 'export function Row({ go }: { go(): void }) {\n  return <div role="button" tabIndex={0} onClick={go} />;\n}\n',
    },
  ])('rejects what $rule guards', async ({ rule, code }) => {
    const messages = await lint(`${web}/components/ui/boundary-fixture.tsx`, code);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([[rule, 2]]);
  });

  // STYLE.md rule 6: no fetching in effects (each spelling of a server call inside useEffect).
  const effect = (imports: string, body: string) =>
    `import { useEffect } from 'react';\n${imports}\n\nexport function Page({ id }: { id: string }) {\n  useEffect(() => {\n    ${body};\n  }, [id]);\n  return null;\n}\n`;
  it.each([
    {
      name: 'the API client',
      code: effect("import { api } from '@/lib/api-client.ts';", 'void api({ method: "GET", path: `/x/${id}`, access: "public" } as never)'),
    },
    { name: 'fetch', code: effect('', 'void fetch(`/api/v1/x/${id}`)') },
    { name: "a feature's API object", code: effect('const authApi = { refresh: async (_: string) => null };', 'void authApi.refresh(id)') },
    { name: 'a mutation', code: effect('const send = { mutateAsync: async (_: string) => null };', 'void send.mutateAsync(id)') },
    { name: 'window.fetch', code: effect('', 'void window.fetch(`/api/v1/x/${id}`)') },
    { name: 'globalThis.fetch', code: effect('', 'void globalThis.fetch(`/api/v1/x/${id}`)') },
    {
      name: 'a helper of the same file that fetches',
      code: effect('async function load(id: string) {\n  return (await fetch(`/api/v1/x/${id}`)).json();\n}', 'void load(id)'),
    },
    {
      name: 'a helper of a helper that calls the API client',
      code: effect(
        "import { api } from '@/lib/api-client.ts';\nconst get = (id: string) => api({ method: 'GET', path: `/x/${id}`, access: 'public' } as never);\nconst refresh = (id: string) => get(id);",
        'void refresh(id)',
      ),
    },
    {
      name: "a function imported from the feature's api/ folder",
      code: effect("import { fetchCalendar } from '../api/sessions.queries.ts';", 'void fetchCalendar(id)'),
    },
  ])('rejects fetching in an effect through $name', async ({ code }) => {
    const messages = await lint(`${web}/features/bookings/components/boundary-fixture.tsx`, code);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['rankwise/no-fetch-in-effect', 2]]);
  });

  it.each([
    { name: 'reacts to a query (a toast)', code: effect("import { toast } from 'sonner';", 'toast.info(`Loaded ${id}`)') },
    { name: 'calls a helper that does not fetch', code: effect("import { toast } from 'sonner';\nconst tell = (id: string) => toast.info(id);", 'tell(id)') },
  ])('allows an effect that $name', async ({ code }) => {
    expect(await lint(`${web}/features/bookings/components/boundary-fixture.tsx`, code)).toEqual([]);
  });

  // The API reads its configuration once; every other file takes it from config.ts.
  it.each([
    { name: 'process.env.X', code: 'export const port = process.env.PORT;\n' },
    { name: 'destructured', code: 'const { env } = process;\n\nexport const port = env.PORT;\n' },
  ])('rejects reading process.env outside config.ts ($name)', async ({ code }) => {
    const messages = await lint('apps/api/src/modules/contact/boundary-fixture.ts', code);
    expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['no-restricted-properties', 2]]);
    expect(await lint('apps/api/src/config.ts', code)).toEqual([]);
  });

  it.each(['apps/api/src/lib/BoundaryFixture.ts', 'apps/api/src/modules/contact/boundary_fixture.ts', `${web}/components/ui/BoundaryFixture.tsx`])(
    'rejects a file name that is not kebab-case: %s',
    async (file) => {
      const messages = await lint(file, 'export const used = 1;\n');
      expect(messages.map((m) => [m.ruleId, m.severity])).toEqual([['rankwise/kebab-case-files', 2]]);
    },
  );
});
