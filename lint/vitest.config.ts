import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'lint', environment: 'node', include: ['**/*.test.ts'], exclude: ['fixtures/**'], testTimeout: 60_000 } });
