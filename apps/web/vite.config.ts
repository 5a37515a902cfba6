import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import rootPackage from '../../package.json' with { type: 'json' };
import { messages } from '../../packages/contract/src/validation/messages.ts';

/** Where `npm run dev -w @cloud-portal/web` sends /api and /uploads. */
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/**
 * The contract's modules build zod schemas at module level, and some pass `messages.x` to them.
 * A property read counts as a side effect to the bundler, which then keeps every schema and all
 * of zod (~20 kB gzip) although the browser uses only the contract's plain helpers and types.
 * Inlining those constant texts in the contract's modules (nowhere else) lets the unused schemas
 * go; `manualPureFunctions: ['z']` below marks the schema calls themselves as pure.
 */
function inlineContractMessages(): Plugin {
  const texts: Record<string, string> = messages;
  return {
    name: 'cloud-portal:inline-contract-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!id.includes('/packages/contract/src/') || !code.includes('messages.')) return null;
      return {
        code: code.replace(/\bmessages\.(\w+)\b/g, (match, key: string) =>
          key in texts ? JSON.stringify(texts[key]) : match,
        ),
        map: null,
      };
    },
  };
}

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
  plugins: [inlineContractMessages(), react()],
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
    // The bench reads dist/.vite/manifest.json to weigh the JavaScript that /home loads.
    manifest: true,
    rolldownOptions: {
      // See inlineContractMessages(): unused contract schemas are dropped, and zod with them.
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
}));
