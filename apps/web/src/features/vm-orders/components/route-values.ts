import { BACKUP_KINDS, type BackupKind } from '@cloud-portal/contract/vms/backup-pricing';

/** A machine id from the route (/renewvm/{id}…): a positive whole number, else null (no call). */
export function readVmId(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The query parameter that keeps the clone type chosen on /buyclonevm and /buysnapshotvm. */
export const BACKUP_KIND_PARAM = 'type';

const asBackupKind = (value: unknown): BackupKind | null =>
  typeof value === 'string' && (BACKUP_KINDS as readonly string[]).includes(value)
    ? (value as BackupKind)
    : null;

/**
 * The clone type a clone or snapshot page starts with, so a reload or a direct link never
 * loses it: the one the customer last chose on the page (kept in the URL's `?type=`), else the
 * one the Backup tab's confirm passed on, else the page's own (/buyclonevm is a Clone,
 * /buysnapshotvm a Snapshot).
 */
export function initialBackupKind(
  query: string | null,
  navigationState: unknown,
  pageKind: BackupKind,
): BackupKind {
  const passedOn = (navigationState as { cloneOptionType?: unknown } | null)?.cloneOptionType;
  return asBackupKind(query) ?? asBackupKind(passedOn) ?? pageKind;
}
