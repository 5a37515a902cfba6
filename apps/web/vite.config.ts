import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };

/** Where `npm run dev -w @cloud-portal/web` sends /api and /uploads. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * Behind Vite (`npm run dev`, `vite preview`) the page's origin is Vite's, which no company owns.
 * The proxy therefore presents the API's own origin, and the page names it as its site
 * (VITE_COMPANY_ORIGIN, read by lib/site-origin.ts). Production builds never set it: there the
 * page's origin names the company.
 */
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true, headers: { origin: apiTarget } },
  '/uploads': { target: apiTarget, changeOrigin: true },
};

export default defineConfig(({ command }) => ({
  // The API serves the built app at the site root with an SPA fallback.
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    ...(command === 'serve'
      ? { 'import.meta.env.VITE_COMPANY_ORIGIN': JSON.stringify(new URL(apiTarget).origin) }
      : {}),
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json records which chunks each route loads (handy when trimming /home).
    manifest: true,
    // The entry chunk is large before compression by design (see codeSplitting below); /home's
    // budget is measured gzipped (`npm run bench`).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry loads statically goes into the entry chunk itself. Left alone,
          // Rolldown cuts the parts that later pages share into one small file per combination of
          // pages, and a first visit then downloads dozens of files, each compressed on its own
          // (several kB more for /home).
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
}));
