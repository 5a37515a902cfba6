import { useEffect } from 'react';
import {
  ActionIcon,
  Anchor,
  CopyButton,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TVmBackup } from '@cloud-portal/contract/vms/backups';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useViewCloneVm } from '../../api/backups/view-clone-vm';
import { useBackupMessages } from './backup-texts';

type Props = { backup: TVmBackup | null; onClose: () => void };

/**
 * A clone's access details (§3 "VM access data"): the user, a one-time password (masked until
 * asked for, copyable) and the console link. Each opening asks for a new password; closing
 * forgets it.
 */
export function BackupAccessModal({ backup, onClose }: Props) {
  const { t } = useTranslation('vmOrders');
  return (
    <Modal
      opened={backup !== null}
      onClose={onClose}
      title={t('backupTab.accessTitle')}
      size="md"
      attributes={{ content: { 'data-testid': 'backup-access-dialog' } }}
    >
      {/* Mounted per opening: closing unmounts it, and the password with it. */}
      {backup && <AccessDetails backup={backup} />}
    </Modal>
  );
}

function AccessDetails({ backup }: { backup: TVmBackup }) {
  const { t } = useTranslation('vmOrders');
  const { translateError } = useBackupMessages();
  const { mutate, data, error, isPending, isError } = useViewCloneVm();
  const uuid = backup.cloneUUID;
  const provider = backup.serviceCategory;

  useEffect(() => {
    if (uuid) mutate({ provider, virDomainUUID: uuid });
  }, [mutate, uuid, provider]);

  if (isError) {
    return (
      <QueryErrorAlert
        title={t('backupTab.accessError')}
        message={translateError(error)}
        onRetry={() => {
          if (uuid) mutate({ provider, virDomainUUID: uuid });
        }}
        isRetrying={isPending}
      />
    );
  }
  if (!data) {
    return (
      <Group gap="sm" role="status" data-testid="backup-access-loading">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{t('backupTab.accessLoading')}</Text>
      </Group>
    );
  }
  const copy = (value: string, label: string) => (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy: doCopy }) => (
        <Tooltip label={copied ? t('backupTab.copied') : t('backupTab.copy', { what: label })}>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={doCopy}
            aria-label={t('backupTab.copy', { what: label })}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
  return (
    <Stack gap="md" data-testid="backup-access">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {backup.vmName}
      </Text>
      <TextInput
        label={t('backupTab.user')}
        value={data.user}
        readOnly
        rightSection={copy(data.user, t('backupTab.user'))}
        data-testid="backup-access-user"
      />
      <PasswordInput
        label={t('backupTab.password')}
        value={data.password}
        readOnly
        description={t('backupTab.passwordNote')}
        data-testid="backup-access-password"
      />
      {data.privateAddress && (
        <TextInput label={t('backupTab.privateAddress')} value={data.privateAddress} readOnly />
      )}
      <Anchor href={data.consoleUrl} target="_blank" rel="noopener noreferrer" fw={600}>
        <Group gap={6} component="span" wrap="nowrap">
          <IconExternalLink size={16} aria-hidden />
          {t('backupTab.console')}
          <ExternalLinkHint />
        </Group>
      </Anchor>
    </Stack>
  );
}
