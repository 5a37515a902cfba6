import { useCallback, useEffect, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
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
import {
  IconCheck,
  IconCopy,
  IconExternalLink,
  IconEye,
  IconEyeOff,
  IconInfoCircle,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useLiveVmState } from '../../api/vm-actions/get-vm-status';
import { useViewVm } from '../../api/vm-actions/view-vm';
import { LiveStateBadge } from './live-state-badge';
import { useVmActionMessages } from './vm-action-texts';
import classes from './vm-actions.module.css';

type Props = { vm: TActiveVm; opened: boolean; onClose: () => void };

/**
 * vm-lifecycle.md §3 "VM access data": the user, a one-time password (masked until asked for,
 * copyable), the console link and the live state. Each opening asks for a new password; closing
 * forgets it (the mutation is reset and nothing is cached), as the notice says.
 */
export function ViewVmModal({ vm, opened, onClose }: Props) {
  const { t } = useTranslation('vmActions');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('view.title')}
      size="md"
      attributes={{ content: { 'data-testid': 'view-vm-dialog' } }}
    >
      {/* Mounted per opening: closing unmounts it, and the password with it. */}
      {opened && <AccessDetails vm={vm} onClose={onClose} />}
    </Modal>
  );
}

function AccessDetails({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vmActions');
  const { translateError } = useVmActionMessages();
  const { mutate, data, error, isPending, isError } = useViewVm();
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  const liveState = useLiveVmState(vm, data !== undefined);
  const uuid = vm.createdUUID;
  const { ID: id, serviceCategory } = vm;

  const ask = useCallback(() => {
    if (uuid) mutate({ provider: serviceCategory, virDomainUUID: uuid, ID: id });
  }, [mutate, uuid, serviceCategory, id]);

  useEffect(ask, [ask]);

  const state = data ? liveState : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} className={classes.breakable}>
          {vm.vmName}
        </Text>
        {state && <LiveStateBadge state={state} />}
      </Group>
      {isPending && (
        <Group gap="sm" role="status" data-testid="view-vm-loading">
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('view.loading')}</Text>
        </Group>
      )}
      {isError && (
        <QueryErrorAlert
          title={t('view.error')}
          message={translateError(error)}
          onRetry={ask}
          isRetrying={isPending}
        />
      )}
      {data && (
        <>
          <TextInput
            label={t('view.user')}
            value={data.user}
            readOnly
            data-testid="view-vm-user"
            rightSection={
              <CopyIcon value={data.user} label={t('view.copyUser')} done={t('view.copiedUser')} />
            }
          />
          <PasswordInput
            label={t('view.password')}
            value={data.password}
            readOnly
            visible={isPasswordVisible}
            onVisibilityChange={setPasswordVisible}
            visibilityToggleIcon={({ reveal }) =>
              reveal ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
            }
            visibilityToggleButtonProps={{
              'aria-label': isPasswordVisible ? t('view.hide') : t('view.show'),
              'aria-pressed': isPasswordVisible,
              // PasswordInput leaves its toggle out of the tab order; it must be reachable.
              tabIndex: 0,
            }}
            data-testid="view-vm-password"
            classNames={{ innerInput: classes.monospace }}
          />
          <Group gap="xs">
            <CopyButton value={data.password} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="xs"
                  variant="light"
                  onClick={copy}
                  leftSection={
                    copied ? (
                      <IconCheck size={14} aria-hidden />
                    ) : (
                      <IconCopy size={14} aria-hidden />
                    )
                  }
                  data-testid="view-vm-copy-password"
                >
                  {copied ? t('view.copied') : t('view.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Alert
            color="yellow"
            variant="light"
            icon={<IconInfoCircle size={18} aria-hidden />}
            data-testid="view-vm-once"
          >
            <Text size="sm" c="dark.9">
              {t('view.onceNotice')}
            </Text>
          </Alert>
          <dl className={classes.facts}>
            <div>
              <dt>{t('view.provider')}</dt>
              <dd>{data.provider}</dd>
            </div>
            <div>
              <dt>{t('view.privateAddress')}</dt>
              <dd className={classes.monospace}>{data.privateAddress ?? '—'}</dd>
            </div>
          </dl>
          <Button
            component="a"
            href={data.consoleUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="outline"
            leftSection={<IconExternalLink size={16} aria-hidden />}
            data-testid="view-vm-console"
          >
            {t('view.console')}
            <ExternalLinkHint />
          </Button>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('view.close')}
        </Button>
      </Group>
    </Stack>
  );
}

function CopyIcon({ value, label, done }: { value: string; label: string; done: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? done : label} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={copy}
            aria-label={copied ? done : label}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
