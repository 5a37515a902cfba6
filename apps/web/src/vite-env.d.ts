/// <reference types="vite/client" />

/** The root package.json version, injected at build time (footer label). */
declare const __APP_VERSION__: string;
