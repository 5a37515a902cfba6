/** The secret in groups of four, easier to type by hand than one long run. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The recovery codes as a file to keep: one a line, under what they are for. */
export function recoveryCodesFile(codes: readonly string[], heading: string): Blob {
  return new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain' });
}
