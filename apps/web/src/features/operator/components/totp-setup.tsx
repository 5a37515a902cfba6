import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  CopyButton,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isTotpCode } from '@cloud-portal/contract/operator/staff-session';
import { operatorTexts } from '@cloud-portal/contract/operator/operator-texts';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { totpSetupQueryOptions, useConfirmTotp } from '../api/session';
import { useOperatorMessages } from './operator-messages';
import { groupSecret, recoveryCodesFile } from './totp-code';

/**
 * The authenticator step of enrolment (a new member, or one whose TOTP an owner reset): scan the
 * QR code or type the secret, confirm with a first code, then keep the ten recovery codes, shown
 * this once.
 */
export function TotpSetup() {
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return recoveryCodes === null ? (
    <ScanAndConfirm onConfirmed={setRecoveryCodes} />
  ) : (
    <RecoveryCodes codes={recoveryCodes} />
  );
}

function ScanAndConfirm({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const { t } = useTranslation('operator');
  const setup = useQuery(totpSetupQueryOptions());
  const confirm = useConfirmTotp();
  const { translateProblem, errorText } = useOperatorMessages();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    initialValues: { code: '' },
    validate: {
      code: (value) => translateProblem(isTotpCode(value) ? null : operatorTexts.totpRequired),
    },
  });

  if (setup.isPending) {
    return (
      <Center py="lg">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (setup.isError) {
    return (
      <Alert color="red" role="alert" data-testid="totp-setup-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorText(setup.error)}</Text>
          <Button component={Link} to="/operator/login" variant="light" size="xs">
            {t('login.startOver')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  const qrSource = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qrSvg)}`;
  return (
    <Stack gap="md" data-testid="totp-setup">
      <Title order={2} fz="lg">
        {t('enrol.scanTitle')}
      </Title>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>{t('enrol.scanStep1')}</List.Item>
        <List.Item>{t('enrol.scanStep2')}</List.Item>
        <List.Item>{t('enrol.scanStep3')}</List.Item>
      </List>
      <Center>
        <img src={qrSource} alt={t('enrol.qrAlt')} width={200} height={200} />
      </Center>
      <Stack gap={4}>
        <Text size="sm" fw={600} id="totp-secret-label">
          {t('enrol.secretLabel')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text
            ff="monospace"
            size="sm"
            style={{ flex: 1, minWidth: 0, wordBreak: 'break-all' }}
            aria-labelledby="totp-secret-label"
            data-testid="totp-secret"
            data-secret={setup.data.secret}
          >
            {groupSecret(setup.data.secret)}
          </Text>
          <CopyButton value={setup.data.secret}>
            {({ copied, copy }) => (
              <Button
                style={{ flexShrink: 0 }}
                size="xs"
                variant="light"
                onClick={copy}
                leftSection={<IconCopy size={14} aria-hidden />}
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Stack>
      <form
        noValidate
        aria-label={t('enrol.confirmTitle')}
        onSubmit={form.onSubmit(({ code }) => {
          setFailure(null);
          confirm.mutate(code.trim(), {
            onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
            onError: (error) => {
              form.setFieldValue('code', '');
              setFailure(errorText(error));
            },
          });
        })}
      >
        <Stack gap="sm">
          <TextInput
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            label={t('fields.totpCode')}
            description={t('enrol.confirmHelp')}
            required
            {...form.getInputProps('code')}
          />
          <FormErrorAnnouncer messages={Object.values(form.errors).map(String)} />
          {failure && (
            <Alert color="red" role="alert" data-testid="totp-confirm-error">
              {failure}
            </Alert>
          )}
          <SubmitButton isPending={confirm.isPending} fullWidth>
            {t('enrol.confirm')}
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation('operator');
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
  const download = () => {
    const url = URL.createObjectURL(recoveryCodesFile(codes, t('enrol.codesFileHeading')));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Title order={2} fz="lg">
        {t('enrol.codesTitle')}
      </Title>
      <Alert color="yellow" variant="light">
        {t('enrol.codesOnce')}
      </Alert>
      <ul
        aria-label={t('enrol.codesTitle')}
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, max-content)',
          justifyContent: 'space-evenly',
          gap: '6px 16px',
          fontFamily: 'var(--mantine-font-family-monospace)',
          listStyle: 'none',
          margin: 0,
          padding: 0,
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy} leftSection={<IconCopy size={16} aria-hidden />}>
              {copied ? t('copied') : t('enrol.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={download}
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {t('enrol.downloadCodes')}
        </Button>
      </SimpleGrid>
      <Checkbox
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        label={t('enrol.codesSaved')}
      />
      <Button
        disabled={!saved}
        fullWidth
        onClick={() => void navigate('/operator', { replace: true })}
      >
        {t('enrol.continue')}
      </Button>
    </Stack>
  );
}
