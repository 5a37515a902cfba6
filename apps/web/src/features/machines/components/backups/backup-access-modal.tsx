import { useCallback, useEffect } from 'react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVmBackup } from '@cloud-portal/contract/vms/backups';
import { useViewCloneVm } from '../../api/backups/view-clone-vm';
import { AccessDetailsPanel } from '../vm-actions/access-details-panel';
import { useVmActionTextsReady } from '../vm-actions/vm-action-texts';
import { useBackupMessages } from './backup-texts';

type Props = { backup: TVmBackup | null; onClose: () => void };

/**
 * A clone's access details (§3 "VM access data"), shown as a machine's are (the same panel:
 * user, one-time password with Copy password, the once-only notice, the console link and
 * Close). Each opening asks for a new password; closing forgets it.
 */
export function BackupAccessModal({ backup, onClose }: Props) {
  const { t } = useTranslation('vmOrders');
  // The panel's words are the VM actions' (a chunk the Products tab usually brought already).
  const isReady = useVmActionTextsReady();
  return (
    <Modal
      opened={backup !== null}
      onClose={onClose}
      title={t('backupTab.accessTitle')}
      size="md"
      attributes={{ content: { 'data-testid': 'backup-access-dialog' } }}
    >
      {/* Mounted per opening: closing unmounts it, and the password with it. */}
      {backup && isReady && <AccessDetails backup={backup} onClose={onClose} />}
    </Modal>
  );
}

function AccessDetails({ backup, onClose }: { backup: TVmBackup; onClose: () => void }) {
  const { translateError } = useBackupMessages();
  const { mutate, data, error, isPending } = useViewCloneVm();
  const uuid = backup.cloneUUID;
  const provider = backup.serviceCategory;

  const ask = useCallback(() => {
    if (uuid) mutate({ provider, virDomainUUID: uuid });
  }, [mutate, uuid, provider]);

  useEffect(ask, [ask]);

  return (
    <AccessDetailsPanel
      name={backup.vmName}
      data={data}
      isPending={isPending}
      error={error}
      onRetry={ask}
      translateError={translateError}
      onClose={onClose}
      testId="backup-access"
    />
  );
}
