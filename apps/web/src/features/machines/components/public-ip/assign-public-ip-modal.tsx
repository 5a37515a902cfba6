import type { ChangeEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  publicIpKeystrokeFilters,
  toAssignPublicIpRequest,
  type TPublicIpForm,
  validatePublicIpForm,
} from '@cloud-portal/contract/vms/public-ip-rules';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useAssignPublicIp } from '../../api/public-ip/assign-public-ip';
import { usePublicIpMessages } from './use-public-ip-texts';

type Props = {
  vm: TActiveVm;
  opened: boolean;
  onClose: () => void;
};

const FIELD_ORDER = ['lanIP', 'hostName', 'tcpPort', 'udpPort'] as const;

/**
 * vm-lifecycle.md §2.11 "assign public IP" with §5's rules: LAN IP (the VM's private address,
 * filled in when known), host name, TCP ports and optional UDP ports, comma separated. Success
 * shows "Successfull" and closes; a refusal shows the server's message, on its field when it
 * names one.
 */
export function AssignPublicIpModal({ vm, opened, onClose }: Props) {
  const { t } = useTranslation('publicIp');
  const assign = useAssignPublicIp();
  const close = () => {
    if (!assign.isPending) onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('modal.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('modal.cancel') }}
      attributes={{ content: { 'data-testid': 'assign-public-ip-dialog' } }}
    >
      {/* Mounted only while open: every opening starts from a fresh form. */}
      <AssignPublicIpForm vm={vm} assign={assign} onDone={onClose} onCancel={close} />
    </Modal>
  );
}

type FormProps = {
  vm: TActiveVm;
  assign: ReturnType<typeof useAssignPublicIp>;
  onDone: () => void;
  onCancel: () => void;
};

function AssignPublicIpForm({ vm, assign, onDone, onCancel }: FormProps) {
  const { t } = useTranslation('publicIp');
  const { translateMessage, translateError } = usePublicIpMessages();
  const form = useForm<TPublicIpForm>({
    initialValues: { lanIP: vm.privateAddress ?? '', hostName: '', tcpPort: '', udpPort: '' },
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validatePublicIpForm(values)).map(([field, message]) => [
          field,
          translateMessage(message),
        ]),
      ),
  });
  const feedback = useFormFeedback(form, translateMessage, { fieldOrder: FIELD_ORDER });

  /** A field's props with the contract's keystroke filter (§5): dropped characters never land. */
  const filtered = (field: keyof TPublicIpForm, filter: (value: string) => string) => ({
    ...form.getInputProps(field),
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(field, filter(event.currentTarget.value)),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    feedback.clearAnnouncement();
    try {
      // Awaited rather than mutate's callbacks: once the list shows the address this row no
      // longer renders the dialog, and those callbacks would not run.
      const { message } = await assign.mutateAsync(toAssignPublicIpRequest(values, vm.ID));
      showSuccessToast({ message: translateMessage(message) });
      onDone();
    } catch (error) {
      if (feedback.showServerFieldErrors(error)) return;
      showErrorToast({ message: translateError(error) });
    }
  }, feedback.reportErrors);

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="assign-public-ip-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('modal.intro', { name: vm.aliasName ?? vm.vmName })}
        </Text>
        <TextInput
          label={t('modal.lanIp')}
          description={t('modal.lanIpHint')}
          required
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={45}
          data-autofocus={vm.privateAddress ? undefined : true}
          {...filtered('lanIP', publicIpKeystrokeFilters.lanIp)}
        />
        <TextInput
          label={t('modal.hostName')}
          description={t('modal.hostNameHint')}
          required
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={253}
          // With the LAN IP filled in, the host name is the first thing to type.
          data-autofocus={vm.privateAddress ? true : undefined}
          {...form.getInputProps('hostName')}
        />
        <TextInput
          label={t('modal.tcpPorts')}
          description={t('modal.portsHint')}
          required
          inputMode="numeric"
          autoComplete="off"
          maxLength={200}
          {...filtered('tcpPort', publicIpKeystrokeFilters.ports)}
        />
        <TextInput
          label={t('modal.udpPorts')}
          description={t('modal.udpHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={200}
          {...filtered('udpPort', publicIpKeystrokeFilters.ports)}
        />
        <FormErrorAnnouncer messages={feedback.announcement} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={assign.isPending}>
            {t('modal.cancel')}
          </Button>
          <SubmitButton isPending={assign.isPending}>{t('modal.submit')}</SubmitButton>
        </Group>
      </Stack>
    </form>
  );
}
