import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Button, Card, Collapse, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconCopy, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import type { BackupKind } from '@cloud-portal/contract/vms/backup-pricing';
import { ConfirmModal } from '../vm-actions/confirm-modal';
import { GuardedButton } from '../vm-actions/guarded-button';
import { BackupList } from './backup-list';
import { backupOrderPath, backupUnavailableReason } from './backup-rules';
import { useBackupMessages } from './backup-texts';
import classes from './backups.module.css';

/**
 * One machine on the Backup tab: its name and size, Clone and Snapshot (each asks first, then
 * opens the order screen with the type chosen), and, on demand, its clones and snapshots.
 */
export function VmBackupCard({ vm }: { vm: TActiveVm }) {
  const { t } = useTranslation('vmOrders');
  const { translateMessage } = useBackupMessages();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<BackupKind | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  const listId = useId();
  const reason = backupUnavailableReason(vm);
  const unavailable = reason ? translateMessage(reason) : null;

  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="md"
      aria-labelledby={headingId}
      data-testid="backup-vm"
      data-vm-id={vm.ID}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          {/* Beside the actions where there is room, above them on a phone. */}
          <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
            <Group gap="xs">
              <Text component="h3" fw={600} m={0} id={headingId} className={classes.breakable}>
                {vm.vmName}
              </Text>
              {vm.isClone === 1 && (
                <Badge color="grape" variant="light" c="grape.9" size="sm">
                  {t('backupTab.cloneAvailable')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('backupTab.summary', {
                os: vm.operatingSystem,
                cpu: vm.cpu_Count,
                ram: vm.ram_Count,
                disk: vm.disk_Count,
              })}
            </Text>
          </Stack>
          <Group gap="xs" className={classes.actions}>
            <GuardedButton
              variant="light"
              size="sm"
              leftSection={<IconCopy size={16} aria-hidden />}
              unavailableReason={unavailable}
              onClick={() => setConfirming('Clone')}
              aria-haspopup="dialog"
              data-testid="backup-clone"
            >
              {t('backupTab.clone')}
            </GuardedButton>
            <GuardedButton
              variant="light"
              size="sm"
              leftSection={<IconStack2 size={16} aria-hidden />}
              unavailableReason={unavailable}
              onClick={() => setConfirming('Snapshot')}
              aria-haspopup="dialog"
              data-testid="backup-snapshot"
            >
              {t('backupTab.snapshot')}
            </GuardedButton>
          </Group>
        </Group>
        <Button
          variant="subtle"
          size="compact-sm"
          rightSection={
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: isOpen ? 'rotate(180deg)' : undefined, transition: '150ms' }}
            />
          }
          onClick={() => setIsOpen((open) => !open)}
          aria-expanded={isOpen}
          aria-controls={listId}
          style={{ alignSelf: 'flex-start' }}
          data-testid="backup-toggle"
        >
          {isOpen ? t('backupTab.hideBackups') : t('backupTab.showBackups')}
        </Button>
        <Collapse expanded={isOpen} id={listId}>
          {isOpen && <BackupList vm={vm} />}
        </Collapse>
      </Stack>
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) {
            void navigate(backupOrderPath(confirming, vm.ID), {
              state: { cloneOptionType: confirming },
            });
          }
        }}
        title={confirming === 'Snapshot' ? t('backupTab.snapshotTitle') : t('backupTab.cloneTitle')}
        text={
          confirming === 'Snapshot'
            ? t('backupTab.snapshotConfirm', { name: vm.vmName })
            : t('backupTab.cloneConfirm', { name: vm.vmName })
        }
        noLabel={t('backupTab.no')}
        yesLabel={t('backupTab.yes')}
        color="blue"
        testId="backup-confirm"
      />
    </Card>
  );
}
