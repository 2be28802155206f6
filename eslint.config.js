import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// STYLE.md rule 1: imports point one way. web -> contract <- api; in the web app
// shared code -> features -> app, and a feature never imports another feature.
export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data*/**', '**/drizzle/**', '**/test-results/**', '**/playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./).*', message: 'contract imports only zod' }] }] },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/web/**', '@rankwise/web*'], message: 'api never imports web' }] }] },
  },
  {
    files: ['apps/web/src/lib/**', 'apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'], message: 'shared code never imports features or app' }] },
      ],
    },
  },
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/app/*', '**/app/*'], message: 'features never import app' },
            {
              group: features.filter((o) => o !== f).flatMap((o) => [`@/features/${o}/*`, `**/features/${o}/**`]),
              message: 'a feature never imports another feature',
            },
            { group: ['**/apps/api/**', '@rankwise/api*'], message: 'web never imports api' },
          ],
        },
      ],
    },
  })),
);
