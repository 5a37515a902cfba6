/**
 * The name a clone or snapshot is shown (and a restored clone runs) under: the machine's own name
 * as the customer knows it (its alias, else its name), the kind, and the copy's number among that
 * machine's copies of that kind: "Accounts server clone 2", "Ubuntu Starter snapshot 1". The
 * order that bought it stays out of the name (ADR 019 keeps it in the hypervisor's name instead).
 */
export const BACKUP_NAME_LENGTH = 200;

export function backupDisplayName(
  machine: { name: string; aliasName: string | null },
  kind: 'clone' | 'snapshot',
  sequence: number,
): string {
  const own = machine.aliasName?.trim() || machine.name.trim();
  const suffix = ` ${kind} ${Math.max(1, Math.trunc(sequence))}`;
  return own.slice(0, BACKUP_NAME_LENGTH - suffix.length) + suffix;
}
