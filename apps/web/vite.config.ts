import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };

/** Where `npm run dev -w @cloud-portal/web` sends /api and /uploads. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  // The API serves the built app at the site root with an SPA fallback.
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bench reads dist/.vite/manifest.json to weigh the JavaScript that /home loads.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract's modules build zod schemas at module level; the browser imports only
        // their plain helpers, so unused schema constructions are dropped instead of pulling in zod.
        manualPureFunctions: ['z'],
      },
    },
  },
});
