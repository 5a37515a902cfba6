import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConsoleMember } from '@/lib/operator-member';
import { DeskNotFound } from './components/desk-not-found';
import { deskRouteOf } from './components/desk-queue-filters';
import { DeskQueuePage } from './pages/desk-queue-page';
import { DeskTicketPage } from './pages/desk-ticket-page';

/**
 * /operator/tickets and /operator/tickets/{id} (tickets.view): the console's ticket desk, given to
 * the console by app/router.tsx. The server refuses every call a member's keys do not allow.
 */
export function DeskPage() {
  const { t } = useTranslation('operator');
  const { pathname } = useLocation();
  const member = useConsoleMember();
  const route = deskRouteOf(pathname);
  useEffect(() => {
    document.title = `${t('desk.title')} · ${t('consoleName')}`;
  }, [t]);

  if (!member.permissions.includes('tickets.view')) {
    return (
      <Alert color="red" role="alert" title={t('forbidden.title')} data-testid="operator-forbidden">
        <Text size="sm">{t('forbidden.body')}</Text>
      </Alert>
    );
  }
  if (route === 'queue') return <DeskQueuePage />;
  if (route === 'invalid') return <DeskNotFound />;
  return <DeskTicketPage key={route.ticketId} ticketId={route.ticketId} />;
}
