import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import {
  ALIAS_NAME_MAX_LENGTH,
  validateAliasName,
} from '@cloud-portal/contract/vms/vm-action-rules';
import { showSuccessToast } from '@/lib/notify';
import { useAddAliasName } from '../../api/vm-actions/add-alias-name';
import { useVmActionMessages } from './vm-action-texts';

type Props = { vm: TActiveVm; opened: boolean; onClose: () => void };

/**
 * vm-lifecycle.md §2.11 "add alias name": the same rule as the server (trimmed, 1 to 50
 * characters, no control characters). Success shows data.msg; a refusal shows the server's
 * message under the field.
 */
export function AliasModal({ vm, opened, onClose }: Props) {
  const { t } = useTranslation('vmActions');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      // Spec: "add alias name"; with an alias already given, the dialog edits it.
      title={vm.aliasName?.trim() ? t('alias.editTitle') : t('alias.title')}
      size="sm"
      attributes={{ content: { 'data-testid': 'alias-dialog' } }}
    >
      {/* Mounted per opening, so the field starts from the VM's alias every time. */}
      {opened && <AliasForm vm={vm} onClose={onClose} />}
    </Modal>
  );
}

function AliasForm({ vm, onClose }: { vm: TActiveVm; onClose: () => void }) {
  const { t } = useTranslation('vmActions');
  const { translateMessage, translateError } = useVmActionMessages();
  const save = useAddAliasName();
  const [value, setValue] = useState(vm.aliasName ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateAliasName(value);
    if (problem) {
      setError(translateMessage(problem));
      return;
    }
    setError(null);
    save.mutate(
      { aliasName: value.trim(), productID: vm.ID },
      {
        onSuccess: (data) => {
          showSuccessToast({ message: translateMessage(data.msg) });
          onClose();
        },
        onError: (failure) => setError(translateError(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('alias.label')}
          description={t('alias.description', { name: vm.vmName })}
          placeholder={t('alias.placeholder')}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          required
          withAsterisk
          maxLength={ALIAS_NAME_MAX_LENGTH * 2}
          autoComplete="off"
          data-autofocus
          data-testid="alias-input"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('alias.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="alias-save">
            {t('alias.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
