import { useNavigate } from 'react-router';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { finishSession } from '@/lib/session';
import { useLogOut } from '../api/log-out';
import { useAccountMessages } from '@/lib/use-account-messages';

type Props = { opened: boolean; onClose: () => void };

/**
 * portal.md §2: 'Are you sure, you want to logout?' Yes ends the session on the server, forgets
 * the customer's data here and goes to /home; No closes the dialog.
 */
export function LogoutDialog({ opened, onClose }: Props) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logOut = useLogOut();
  const { translateMessage, translateError } = useAccountMessages();

  const handleYes = async () => {
    // Home first: the customer's pages (and their calls) are left before the session ends, so
    // none of them finds it gone and sends the visitor to the login.
    await navigate('/home');
    let message: string;
    try {
      message = await logOut.mutateAsync();
    } catch (error) {
      showErrorToast({ message: translateError(error) });
      return;
    }
    showSuccessToast({ message: translateMessage(message) });
    finishSession(queryClient);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!logOut.isPending) onClose();
      }}
      title={t('logout.question')}
      size="sm"
      attributes={{ content: { 'data-testid': 'logout-dialog' } }}
    >
      <Text size="sm" c="dimmed" mb="lg">
        {t('logout.text')}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={logOut.isPending} data-autofocus>
          {t('logout.no')}
        </Button>
        <Button
          color="red"
          onClick={() => void handleYes()}
          loading={logOut.isPending}
          disabled={logOut.isPending}
        >
          {t('logout.yes')}
        </Button>
      </Group>
    </Modal>
  );
}
