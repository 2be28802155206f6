import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import rankwise from './lint/rules/rankwise-plugin.js';

const root = import.meta.dirname;
const web = 'apps/web/src';
// import-x's TypeScript settings (parsers, extensions) with the resolver set below instead of its legacy one.
const { 'import-x/resolver': _legacyResolver, ...importXSettings } = importX.flatConfigs.typescript.settings;

const api = 'apps/api/src';
const folders = (dir) =>
  readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
// Read on every run, so a new feature folder or API module gets its own boundary without editing this file.
const features = folders(`${web}/features`);
const apiModules = folders(`${api}/modules`);
const apiFolders = folders(api);

// STYLE.md rule 1: imports point one way. web -> contract <- api; in the web app
// shared code (lib/, components/) -> features -> app, and a feature never imports another feature.
// The zones compare RESOLVED file paths (through the TypeScript resolver, so '@/...', workspace
// package names and '../../x' all land on the same file); matching the import's text let relative
// spellings through. eslint-boundaries.test.ts lints one fixture of each forbidden import.
const zones = [
  {
    target: 'packages/contract/src',
    from: '.',
    except: ['./packages/contract', './node_modules/zod'],
    message: 'contract imports only zod and itself (STYLE.md rule 1).',
  },
  { target: 'apps/api', from: ['apps/web', 'e2e'], message: 'api never imports web or e2e (STYLE.md rule 1).' },
  { target: 'apps/web', from: ['apps/api', 'e2e'], message: 'web never imports api or e2e; share through packages/contract (STYLE.md rule 1).' },
  {
    target: [`${web}/lib`, `${web}/components`],
    from: [`${web}/features`, `${web}/app`, `${web}/main.tsx`],
    message: 'shared code (lib/, components/) never imports features or app (STYLE.md rule 1).',
  },
  { target: `${web}/features`, from: [`${web}/app`, `${web}/main.tsx`], message: 'features never import app (STYLE.md rule 1).' },
  ...features.map((f) => ({
    target: `${web}/features/${f}`,
    from: `${web}/features`,
    except: [`./${f}`],
    message: 'a feature never imports another feature; move shared code to components/ or lib/ (STYLE.md rule 1).',
  })),
  // The API's own layers (ARCHITECTURE.md): routes -> services -> repositories -> db/; lib/ under all.
  {
    target: `${api}/modules/**/*.routes.ts`,
    from: `${api}/db`,
    message: 'a route never imports db/: it calls one service function, and the service its repository (ARCHITECTURE.md).',
  },
  {
    target: `${api}/lib`,
    from: [`${api}/plugins`, `${api}/modules`],
    message: 'lib/ never imports plugins/ or modules/: it is what they build on (ARCHITECTURE.md).',
  },
  ...apiModules.map((m) => ({
    target: `${api}/modules/${m}/**/!(*.test).ts`,
    from: `${root}/${api}/modules/**`,
    except: [`${root}/${api}/modules/${m}/**`, `${root}/${api}/modules/*/*.service.ts`],
    message: "a module reaches another only through that module's *.service.ts (ARCHITECTURE.md).",
  })),
  {
    target: `${api}/app.ts`,
    from: `${root}/${api}/modules/**`,
    except: [`${root}/${api}/modules/*/*.plugin.ts`],
    message: 'app.ts reaches a module only through its *.plugin.ts, which builds its services and registers its routes (ARCHITECTURE.md).',
  },
  {
    target: [`${api}/*.ts`, ...apiFolders.filter((d) => d !== 'dev').map((d) => `${api}/${d}/**/!(*.test).ts`)],
    from: `${api}/dev`,
    message: 'production code never imports src/dev (development and tests only; app.ts loads dev-entry.ts without credentials).',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data*/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**', 'lint/fixtures/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      ...importXSettings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/contract/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'].map(
            (p) => `${root}/${p}`,
          ),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // An import the resolver cannot follow would slip past the zones, so it is an error itself.
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Type-only imports are skipped by the rule: they vanish at build time and cannot form a runtime cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Beside the contract's zone: a Node builtin resolves to no file, so only the import's text shows it.
    files: ['packages/contract/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\.{1,2}/).*', message: 'contract imports only zod and itself' }] }] },
  },
  {
    // The contract's own tests may import vitest as well (nothing else).
    files: ['packages/contract/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|vitest$|\\.{1,2}/).*', message: 'contract tests import only zod, vitest and the contract' }] },
      ],
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: zones.map((z) => (z.target === 'packages/contract/src' ? { ...z, except: [...z.except, './node_modules/vitest'] } : z)) },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // The whole of v7's recommended set (the classic two plus the React Compiler's checks: refs,
    // purity, set-state-in-effect, ...); the code base meets all of it, so nothing is left off.
    // exhaustive-deps is raised to an error. incompatible-library and unsupported-syntax stay the
    // warnings upstream makes them: they only say the compiler would skip a component, and the
    // build does not run the compiler.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // STYLE.md rule 6: no fetching in effects. Server calls are TanStack Query queries and mutations;
    // an effect may react to their answer (a toast, a navigation) but never make the call itself,
    // whether as api(), fetch(), window.fetch(), xApi.y(), a mutation, or through a helper that does.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { rankwise },
    rules: { 'rankwise/no-fetch-in-effect': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx,js}', 'packages/**/*.{ts,tsx,js}', 'e2e/**/*.{ts,tsx,js}', 'bench/**/*.{ts,tsx,js}', 'lint/**/*.{ts,tsx,js}'],
    plugins: { rankwise },
    rules: { 'rankwise/kebab-case-files': 'error' },
  },
  {
    // Configuration is parsed once (config.ts); everything else gets it from there.
    files: [`${api}/**/*.ts`],
    ignores: [`${api}/config.ts`, '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'process.env is read only in config.ts (ARCHITECTURE.md): take the value from the parsed config.' },
      ],
    },
  },
);
