import { defineConfig } from 'vitest/config';

// Browser journeys: the built web app served by the real API on a real port, driven in Chromium.
export default defineConfig({
  test: {
    include: ['*.spec.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
