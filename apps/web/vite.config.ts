import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
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

/** What main.tsx imports as Mantine's global styles (see mantineStylesPerChunk). */
const MANTINE_GLOBAL_STYLES = 'virtual:mantine-global-styles.css';
const MANTINE_STYLE_MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;

/**
 * Mantine's stylesheet for all its components is 254 kB, and it blocked the first paint of every
 * page. In a build, each Mantine component's CSS is imported by the component's own class-name
 * module instead, so it lands in the chunk that uses the component: the first page's stylesheet
 * holds only the shell's components, a lazy page brings its own. Everything of Mantine's sits in
 * `@layer mantine`, so the app's own rules win whatever order chunks load in (Mantine's advice for
 * split styles). The dev server pre-bundles Mantine and gets the whole stylesheet.
 */
function mantineStylesPerChunk(): Plugin {
  let isBuild = false;
  return {
    name: 'cloud-portal:mantine-styles-per-chunk',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(id) {
      return id === MANTINE_GLOBAL_STYLES ? `\0${MANTINE_GLOBAL_STYLES}` : null;
    },
    load(id) {
      if (id !== `\0${MANTINE_GLOBAL_STYLES}`) return null;
      const files = isBuild
        ? ['baseline', 'default-css-variables', 'global'].map(
            (name) => `@mantine/core/styles/${name}.layer.css`,
          )
        : ['@mantine/core/styles.layer.css'];
      return files.map((file) => `@import '${file}';`).join('\n');
    },
    transform(code, id) {
      const match = isBuild ? MANTINE_STYLE_MODULE.exec(id) : null;
      if (!match) return null;
      return { code: `import '@mantine/core/styles/${match[1]}.layer.css';\n${code}`, map: null };
    },
  };
}

const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` starts from React's id, then swaps it for a random one in a layout effect
 * after every mount. That update is synchronous: on a page the server wrote, hydration's commit
 * was followed by a second, blocking render of every input, label and tab (and a DOM write of
 * each id), 40–50 ms of a mid-range phone's main thread (about 200 ms of Lighthouse's throttled
 * TBT on the profile page). React's `useId` is already unique in the page and the same on the
 * server and in the browser (React 19 writes ids CSS accepts, `_R_1_`), so in a build Mantine's
 * hook returns it, or the id the component was given, and never changes it. The dev server
 * pre-bundles Mantine and keeps Mantine's own.
 */
function stableMantineIds(): Plugin {
  return {
    name: 'cloud-portal:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return null;
      return [
        "import { useId as useReactId } from 'react';",
        'export function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/:/g, '')}`;",
        '}',
      ].join('\n');
    },
  };
}

/** Shared lazy code smaller than this (before minifying) is copied into the pages that use it. */
const INLINE_SHARED_BELOW_BYTES = 24_000;

/** A React context, a store, or a module-level variable (a `let` at the start of a line). */
const SHARED_STATE = /\bcreate(?:Safe|Optional|Form)?Context\s*\(|\bcreateStore\s*\(|^let\s/m;
const sharedStateByModule = new Map<string, boolean>();

/** Whether a module holds state that must exist once per page, not once per copy. */
function holdsSharedState(moduleId: string): boolean {
  let holds = sharedStateByModule.get(moduleId);
  if (holds === undefined) {
    const file = moduleId.split('?')[0]!;
    holds =
      !file.startsWith('\0') &&
      fs.existsSync(file) &&
      SHARED_STATE.test(fs.readFileSync(file, 'utf8'));
    sharedStateByModule.set(moduleId, holds);
  }
  return holds;
}

/** The server's first render (ADR 022): one self-contained bundle the API process imports. */
const serverBuild: UserConfig = {
  ssr: { noExternal: true as const, target: 'node' as const },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
};

export default defineConfig(({ command, isSsrBuild }) => ({
  // The API serves the built app at the site root with an SPA fallback.
  base: '/',
  plugins: [mantineStylesPerChunk(), stableMantineIds(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
    // The API process may run with any NODE_ENV; its bundled React is always the production one.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
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
    ssrManifest: true,
    // The entry chunk is large before compression by design (see codeSplitting below); /home's
    // budget is measured gzipped (`npm run bench`).
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // Required by experimentalInlineCommonChunks; the app's only entry is index.html.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // Everything the entry loads statically goes into the entry chunk itself. Left alone,
          // Rolldown cuts the parts that later pages share into one small file per combination of
          // pages, and a first visit then downloads dozens of files, each compressed on its own
          // (several kB more for /home).
          groups: [{ name: 'index', tags: ['$initial'] }],
          // What several lazy pages share was cut into one small file per component, icon and
          // helper: /marketplace then loaded some sixty files after the entry, and over HTTP/1.1's
          // six connections on a slow phone link each six cost a round trip. Shared code under
          // INLINE_SHARED_BELOW_BYTES is copied into each page's chunk instead (a few kB more
          // per page, far fewer round trips). Code that creates a React context or a store, or
          // keeps a module-level variable, stays in one shared file: two copies would be two
          // contexts (a provider in one page's copy would not reach a consumer in another's) or
          // two values.
          experimentalInlineCommonChunks: {
            maxSize: INLINE_SHARED_BELOW_BYTES,
            exclude: holdsSharedState,
          },
        },
      },
    },
  },
  ...(isSsrBuild ? serverBuild : {}),
}));
