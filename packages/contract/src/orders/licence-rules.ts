/** A licence PDF at most 20 MB (vm-lifecycle.md §2.5, §9). Zod-free: the browser imports it. */
export const MAX_LICENCE_BYTES = 20 * 1024 * 1024;
