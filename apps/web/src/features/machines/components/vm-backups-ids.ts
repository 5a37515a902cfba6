import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';

/** The id of a machine's nested clone and snapshot rows on the Products tab. */
export const nestedBackupsIdOf = (vm: Pick<TActiveVm, 'ID'>) => `vm-backups-${vm.ID}`;
