import { useState, type FormEvent } from 'react';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { validateEmail } from '@cloud-portal/contract/validation/email';
import { STATUS_DUPLICATE } from '@cloud-portal/contract/envelope';
import { isApiError } from '@/lib/api-client';
import { getErrorMessage, getFieldErrors } from '@/lib/error-message';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { translateValidationMessage } from '@/lib/validation-message';
import { useSubscribeUser } from '../api/subscribe-user';

type Props = { headingClassName?: string };

/**
 * The footer's newsletter box (portal.md §2, §5, §8): 'Subscribed successfully' or 'The email
 * already exists' clear the field; a refused address shows the server's field message.
 */
export function NewsletterForm({ headingClassName }: Props) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const subscribe = useSubscribeUser();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateEmail(email);
    if (problem !== null) {
      setFieldError(translateValidationMessage(problem, t));
      return;
    }
    setFieldError(null);
    subscribe.mutate(email.trim(), {
      onSuccess: () => {
        showSuccessToast({ message: t('newsletter.subscribed') });
        setEmail('');
      },
      onError: (error) => {
        if (isApiError(error) && error.status === STATUS_DUPLICATE) {
          showErrorToast({ message: t('newsletter.alreadyExists') });
          setEmail('');
          return;
        }
        if (isApiError(error) && error.status === 400) {
          const [firstError] = getFieldErrors(error);
          setFieldError(firstError?.message ?? getErrorMessage(error, t));
          return;
        }
        showErrorToast({ message: getErrorMessage(error, t) });
      },
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="newsletter-heading">
      <h2 id="newsletter-heading" className={headingClassName}>
        {t('newsletter.title')}
      </h2>
      <Text size="sm" c="gray.4">
        {t('newsletter.text')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="xs">
          <TextInput
            type="email"
            autoComplete="email"
            inputMode="email"
            label={t('newsletter.emailLabel')}
            placeholder={t('newsletter.placeholder')}
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              if (fieldError !== null) setFieldError(null);
            }}
            error={fieldError}
            leftSection={<IconMail size={16} aria-hidden />}
            styles={{ label: { color: 'var(--mantine-color-gray-3)' } }}
          />
          <Button type="submit" loading={subscribe.isPending}>
            {t('newsletter.subscribe')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
