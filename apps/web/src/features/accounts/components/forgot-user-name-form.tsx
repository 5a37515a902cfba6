import { useState } from 'react';
import { Card, Collapse, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useForgotUserName } from '../api/forgot-user-name';
import { EmailField } from './email-field';
import { useAccountMessages } from '@/lib/use-account-messages';
import { useEmailForm } from './use-email-form';

/**
 * portal.md §2 mentions a forgot-user-name screen that is not routed: here it is a small form on
 * the forgotten-password page. The server mails the address a reminder when it has an account,
 * and answers the same either way.
 */
export function ForgotUserNameForm() {
  const { t } = useTranslation('accounts');
  const [isOpen, setIsOpen] = useState(false);
  const forgotUserName = useForgotUserName();
  const { translateMessage, translateError } = useAccountMessages();
  const { form, feedback } = useEmailForm();

  const handleSubmit = form.onSubmit((values) => {
    feedback.clearAnnouncement();
    forgotUserName.mutate(values.emailID, {
      onSuccess: (message) => {
        showSuccessToast({ message: translateMessage(message) });
        form.reset();
        setIsOpen(false);
      },
      onError: (error) => showErrorToast({ message: translateError(error) }),
    });
  }, feedback.reportErrors);

  return (
    <Card withBorder radius="lg" p="md" ta="left" bg="gray.0">
      <UnstyledButton
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls="forgot-user-name"
        w="100%"
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8 }}
      >
        <Text fw={600} size="sm">
          {t('forgotUserName.title')}
        </Text>
        <IconChevronDown
          size={18}
          aria-hidden
          style={{
            transform: isOpen ? 'rotate(180deg)' : undefined,
            transition: 'transform 150ms',
          }}
        />
      </UnstyledButton>
      <Collapse expanded={isOpen} id="forgot-user-name">
        <form onSubmit={handleSubmit} noValidate aria-label={t('forgotUserName.title')}>
          <Stack gap="sm" pt="sm">
            <Text size="sm" c="dimmed">
              {t('forgotUserName.intro')}
            </Text>
            <EmailField label={t('forgotUserName.emailLabel')} {...form.getInputProps('emailID')} />
            <FormErrorAnnouncer messages={feedback.announcement} />
            <SubmitButton isPending={forgotUserName.isPending} variant="light">
              {t('forgotUserName.submit')}
            </SubmitButton>
          </Stack>
        </form>
      </Collapse>
    </Card>
  );
}
