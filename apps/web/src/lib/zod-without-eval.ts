/*
 * The contract's zod schemas run in the browser. Zod probes once whether `new Function` works, to
 * compile faster parsers; the portal's Content-Security-Policy forbids eval, so the probe is a CSP
 * violation on every page that validates (Lighthouse's best practices flag it). Jitless mode
 * (zod's `config({ jitless: true })`, here through the global settings object zod reads, which
 * exists before zod loads) skips the probe and parses the same way as when the probe fails.
 * Imported first by main.tsx.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

const zodSettings = ((globalThis as ZodGlobal).__zod_globalConfig ??= {});
zodSettings.jitless = true;
