import { useState } from 'react';
import { Button, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MAX_TICKET_TEXT_LENGTH } from '@cloud-portal/contract/tickets/ticket-rules';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useFormFeedback } from '@/lib/use-form-feedback';
import { useReplyTicket } from '../api/reply-ticket';
import { checkReply } from '@/lib/ticket-form-checks';
import { TicketFilesInput, useFileProblemText } from './ticket-files-input';
import { useTicketMessages } from './ticket-messages';
import { readFileErrors } from './server-file-errors';

/**
 * The customer's answer on a ticket that is not Resolved (issue 27): a message and up to 4
 * images or PDFs, checked as the server checks them.
 */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('tickets');
  const { message, translateMessage, translateError } = useTicketMessages();
  const problemText = useFileProblemText();
  const reply = useReplyTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const form = useForm({
    initialValues: { message: '' },
    validate: (values) => {
      const errors = checkReply({ message: values.message, files });
      return { message: errors.message && message(errors.message) };
    },
  });
  const feedback = useFormFeedback(form, translateMessage);

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    const fileProblem = checkReply({ message: values.message, files }).files;
    if (fileProblem) {
      setFileProblems([problemText(fileProblem)]);
      return;
    }
    reply.mutate(
      { ticketId, message: values.message, files },
      {
        onSuccess: ({ message: text }) => {
          showSuccessToast({ message: translateMessage(text) });
          form.reset();
          setFiles([]);
          setFileProblems([]);
        },
        onError: (error) => {
          setFileProblems(readFileErrors(error).map(translateMessage));
          if (feedback.showServerFieldErrors(error)) return;
          showErrorToast({ message: translateError(error) });
        },
      },
    );
  }, feedback.reportErrors);

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby="ticket-reply-title"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="ticket-reply-form">
        <Stack gap="sm">
          <Title order={2} size="h4" id="ticket-reply-title">
            {t('details.reply')}
          </Title>
          <Textarea
            aria-labelledby="ticket-reply-title"
            placeholder={t('details.replyPlaceholder')}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={MAX_TICKET_TEXT_LENGTH}
            disabled={reply.isPending}
            data-testid="ticket-reply-message"
            {...form.getInputProps('message')}
          />
          <TicketFilesInput
            files={files}
            onChange={setFiles}
            problems={fileProblems}
            onProblems={setFileProblems}
            disabled={reply.isPending}
            testId="ticket-reply-files"
          />
          <FormErrorAnnouncer messages={feedback.announcement} />
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden />}
              loading={reply.isPending}
              data-testid="ticket-reply-send"
            >
              {t('details.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
