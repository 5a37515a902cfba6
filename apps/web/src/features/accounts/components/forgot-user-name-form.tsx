import { useState } from 'react';
import { Button, Card, Collapse, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconChevronDown, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useForgotUserName } from '../api/forgot-user-name';
import { useAccountFormFeedback } from './use-account-form-feedback';
import { useAccountMessages } from './use-account-messages';

/**
 * portal.md §2 mentions a forgot-user-name screen that is not routed: here it is a small form on
 * the forgotten-password page. The server mails the address a reminder when it has an account,
 * and answers the same either way.
 */
export function ForgotUserNameForm() {
  const { t } = useTranslation('accounts');
  const [isOpen, setIsOpen] = useState(false);
  const forgotUserName = useForgotUserName();
  const { translateMessage, translateError, translateProblem } = useAccountMessages();

  const form = useForm({
    initialValues: { emailID: '' },
    validate: { emailID: (value) => translateProblem(validateEmail(value)) },
  });
  const feedback = useAccountFormFeedback(form);

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
            <TextInput
              type="email"
              autoComplete="email"
              inputMode="email"
              label={t('forgotUserName.emailLabel')}
              placeholder={t('fields.emailPlaceholder')}
              leftSection={<IconMail size={16} aria-hidden />}
              required
              {...form.getInputProps('emailID')}
            />
            <FormErrorAnnouncer messages={feedback.announcement} />
            <Button
              type="submit"
              variant="light"
              loading={forgotUserName.isPending}
              disabled={forgotUserName.isPending}
            >
              {t('forgotUserName.submit')}
            </Button>
          </Stack>
        </form>
      </Collapse>
    </Card>
  );
}
