import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_TEXT_LENGTH } from '@cloud-portal/contract/tickets/ticket-rules';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useTicketVmChoices } from '../api/customer-vms';
import { useGenerateTicket } from '../api/generate-ticket';
import { useTicketIssueTypes } from '../api/issue-types';
import { checkNewTicket } from '@/lib/ticket-form-checks';
import { TicketFilesInput, useFileProblemText } from './ticket-files-input';
import { readFileErrors } from './server-file-errors';
import { useTicketMessages } from './ticket-messages';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The machine the ticket is about, chosen beforehand (the update screen's "raise a ticket"). */
  initialVmId?: number | null;
  /** After 'Ticket submitted successfully', with the new ticket's ID. */
  onSubmitted?: (ticketId: number) => void;
};

type Values = { issueType: string | null; vmId: string | null; description: string };

const FIELD_ORDER = ['issueType', 'vmId', 'description', 'files'] as const;

/**
 * vm-lifecycle.md §2.11 "raise new ticket": the company's issue type, optionally the machine it
 * is about, the description and up to 4 images or PDFs (20 MB each), checked here as the server
 * checks them (§5: 'Please select Issue Type', 'Please Enter Description', '{file name} is more
 * than 20 MB'); success says 'Ticket submitted successfully' and the Tickets tab shows it.
 */
export function RaiseTicketModal({ opened, onClose, initialVmId = null, onSubmitted }: Props) {
  const { t } = useTranslation('tickets');
  const { t: tCommon } = useTranslation();
  const { message, translateMessage, translateError } = useTicketMessages();
  const problemText = useFileProblemText();
  const issueTypes = useTicketIssueTypes();
  const vms = useTicketVmChoices(opened);
  const generate = useGenerateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const form = useForm<Values>({
    initialValues: {
      issueType: null,
      vmId: null,
      description: '',
    },
    validate: (values) => {
      const errors = checkNewTicket({ ...values, files });
      return {
        issueType: errors.issueType && message(errors.issueType),
        description: errors.description && message(errors.description),
      };
    },
  });
  const { setFieldValue } = form;

  // The dialog stays mounted between openings: each opening starts with the machine asked for.
  useEffect(() => {
    if (opened) setFieldValue('vmId', initialVmId === null ? null : String(initialVmId));
  }, [opened, initialVmId, setFieldValue]);

  const feedback = useFormFeedback(form, translateMessage, {
    fieldOrder: FIELD_ORDER,
    fieldNames: { vmID: 'vmId' },
  });

  const close = () => {
    if (generate.isPending) return;
    form.reset();
    setFiles([]);
    setFileProblems([]);
    feedback.clearAnnouncement();
    onClose();
  };

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    const fileProblem = checkNewTicket({ ...values, files }).files;
    if (fileProblem) {
      setFileProblems([problemText(fileProblem)]);
      return;
    }
    generate.mutate(
      {
        issueTypeId: Number(values.issueType),
        description: values.description,
        vmId: values.vmId === null ? null : Number(values.vmId),
        files,
      },
      {
        onSuccess: ({ data, message: text }) => {
          showSuccessToast({ message: translateMessage(text) });
          form.reset();
          setFiles([]);
          setFileProblems([]);
          onClose();
          onSubmitted?.(data.ticketID);
        },
        onError: (error) => {
          // A file the server refused (by its bytes, its size) is named under the files.
          const refusedFiles = readFileErrors(error).map(translateMessage);
          setFileProblems(refusedFiles);
          if (feedback.showServerFieldErrors(error)) return;
          showErrorToast({ message: translateError(error) });
        },
      },
    );
  }, feedback.reportErrors);

  const issueTypeData = (issueTypes.data ?? []).map((type) => ({
    value: String(type.ID),
    label: type.issueName,
  }));
  const vmData = (vms.data ?? []).map((vm) => ({ value: String(vm.id), label: vm.name }));
  // A machine chosen beforehand but past the listed ones still shows as chosen.
  if (form.values.vmId !== null && !vmData.some((vm) => vm.value === form.values.vmId)) {
    vmData.unshift({ value: form.values.vmId, label: `#${form.values.vmId}` });
  }
  const hasNoIssueTypes = issueTypes.isSuccess && issueTypeData.length === 0;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('raise.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': tCommon('common.close'), disabled: generate.isPending }}
      attributes={{ content: { 'data-testid': 'raise-ticket-modal' } }}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('raise.intro')}
          </Text>
          {issueTypes.isError && (
            <Alert color="red" variant="light" role="alert" title={t('raise.issueTypesError')}>
              <Group justify="space-between" gap="xs">
                <Text size="sm">{translateError(issueTypes.error)}</Text>
                <Button
                  size="xs"
                  variant="white"
                  color="red"
                  onClick={() => void issueTypes.refetch()}
                  loading={issueTypes.isFetching}
                >
                  {tCommon('common.retry')}
                </Button>
              </Group>
            </Alert>
          )}
          {hasNoIssueTypes && (
            <Alert color="yellow" variant="light" role="status">
              {t('raise.noIssueTypes')}
            </Alert>
          )}
          <Select
            label={t('raise.issueType')}
            placeholder={
              issueTypes.isPending ? t('raise.issueTypesLoading') : t('raise.issueTypePlaceholder')
            }
            data={issueTypeData}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            disabled={generate.isPending}
            data-testid="raise-ticket-issue-type"
            {...form.getInputProps('issueType')}
          />
          <Select
            label={t('raise.vm')}
            placeholder={t('raise.vmPlaceholder')}
            description={t('raise.vmHint')}
            data={vmData}
            clearable
            searchable={vmData.length > 8}
            nothingFoundMessage={t('raise.noVms')}
            disabled={generate.isPending}
            data-testid="raise-ticket-vm"
            {...form.getInputProps('vmId')}
          />
          <Textarea
            label={t('raise.description')}
            placeholder={t('raise.descriptionPlaceholder')}
            required
            autosize
            minRows={4}
            maxRows={10}
            maxLength={MAX_TICKET_TEXT_LENGTH}
            disabled={generate.isPending}
            data-testid="raise-ticket-description"
            {...form.getInputProps('description')}
          />
          <TicketFilesInput
            files={files}
            onChange={setFiles}
            problems={fileProblems}
            onProblems={setFileProblems}
            disabled={generate.isPending}
            testId="raise-ticket-files"
          />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={generate.isPending}>
              {t('raise.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={generate.isPending}
              disabled={hasNoIssueTypes}
              data-testid="raise-ticket-submit"
            >
              {t('raise.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
