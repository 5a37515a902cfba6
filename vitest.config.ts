import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace but the browser journeys (those run with `npm run test:e2e`).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
