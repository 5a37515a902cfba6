/// <reference types="vite/client" />

/** The root package.json version, injected at build time (footer label). */
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  /** Set only by `vite` / `vite preview`: the company origin to speak for (see vite.config.ts). */
  readonly VITE_COMPANY_ORIGIN?: string;
}
