/** vm-lifecycle.md §8 and the success toast. */
export const RESTORE_ARCHIVE_SUCCESS = 'Archive Virtual Machine restored successfully.';
export const RESTORE_ARCHIVE_FAILED =
  'Unable to restore Archive Virtual Machine. Try again in sometime.';
/** Ours (ADR 017): an archived machine comes back only once its period is renewed. */
export const RESTORE_ARCHIVE_NOT_RENEWED = "This VM's period has ended. Renew it to restore it.";
export const RESTORE_ARCHIVE_IN_PROGRESS = 'This VM is already being restored.';
