import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Loader,
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
import { ExternalLinkHint } from '@/components/external-link-hint';
import { QueryErrorAlert } from '@/components/query-error-alert';
import classes from './vm-actions.module.css';

/** What a view call answered (§3 "VM access data"): a machine's or a clone's. */
type AccessData = {
  user: string;
  password: string;
  provider?: string;
  privateAddress: string | null;
  consoleUrl: string;
};

type Props = {
  /** The machine's or the clone's name, shown first. */
  name: string;
  /** The live state, when known (a machine's). */
  badge?: ReactNode;
  data: AccessData | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  translateError: (error: unknown) => string;
  onClose: () => void;
  /** The test ids' start: `view-vm` for a machine, `backup-access` for a clone. */
  testId: string;
};

/**
 * The access details of a machine or of a clone, alike (vm-lifecycle.md §3 "VM access data"):
 * the user (copyable), the one-time password (masked until asked for, with Copy password), the
 * once-only notice, the provider and private address, the console link and Close.
 */
export function AccessDetailsPanel({
  name,
  badge,
  data,
  isPending,
  error,
  onRetry,
  translateError,
  onClose,
  testId,
}: Props) {
  const { t } = useTranslation('vmActions');
  const [isPasswordVisible, setPasswordVisible] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} className={classes.breakable}>
          {name}
        </Text>
        {badge}
      </Group>
      {isPending && (
        <Group gap="sm" role="status" data-testid={`${testId}-loading`}>
          <Loader size="sm" aria-hidden />
          <Text size="sm">{t('view.loading')}</Text>
        </Group>
      )}
      {error !== null && error !== undefined && !isPending && (
        <QueryErrorAlert
          title={t('view.error')}
          message={translateError(error)}
          onRetry={onRetry}
          isRetrying={isPending}
        />
      )}
      {data && (
        <Stack gap="md" data-testid={testId}>
          <TextInput
            label={t('view.user')}
            value={data.user}
            readOnly
            data-testid={`${testId}-user`}
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
            data-testid={`${testId}-password`}
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
                  data-testid={`${testId}-copy-password`}
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
            data-testid={`${testId}-once`}
          >
            <Text size="sm" c="dark.9">
              {t('view.onceNotice')}
            </Text>
          </Alert>
          <dl className={classes.facts}>
            {data.provider && (
              <div>
                <dt>{t('view.provider')}</dt>
                <dd>{data.provider}</dd>
              </div>
            )}
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
            data-testid={`${testId}-console`}
          >
            {t('view.console')}
            <ExternalLinkHint />
          </Button>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus data-testid={`${testId}-close`}>
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
