import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace but the browser journeys (those run with `npm run test:e2e`).
export default defineConfig({
  // The web app's own alias (apps/web/vite.config.ts), for its modules under test.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
