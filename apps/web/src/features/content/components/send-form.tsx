import type { FormEventHandler, ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormErrorAnnouncer } from '@/components/form-error-announcer';
import { SubmitButton } from '@/components/submit-button';

type Props = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The id of the heading that names the form. */
  labelledBy: string;
  testId: string;
  /** The error summary for screen readers. */
  announcement: string[];
  isPending: boolean;
  children: ReactNode;
};

/** A form of the content pages: its fields, then Send. */
export function SendForm({
  onSubmit,
  labelledBy,
  testId,
  announcement,
  isPending,
  children,
}: Props) {
  const { t } = useTranslation('content');
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy} data-testid={testId}>
      <Stack gap="md">
        {children}
        <FormErrorAnnouncer messages={announcement} />
        <SubmitButton
          isPending={isPending}
          rightSection={<IconSend size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('forms.send')}
        </SubmitButton>
      </Stack>
    </form>
  );
}
