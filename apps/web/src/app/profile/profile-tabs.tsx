import { Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Card, EmptyState, Group, Tabs } from '@mantine/core';
import {
  IconArchive,
  IconDatabase,
  IconHourglassHigh,
  IconPlus,
  IconReceipt,
  IconRefresh,
  IconServer,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '@/i18n/i18n';
import { lazyDialog } from '@/lib/lazy-dialog';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { readRaiseTicketRequest, withoutRaiseTicketRequest } from '@/lib/raise-ticket-link';
import { ListSkeleton } from '@/components/list-skeleton';
import { ProductsTab } from '@/features/machines/components/products-tab';
import { MACHINES_ANCHOR } from '@/lib/profile-anchor';
import { PROFILE_TABS, type ProfileTab } from './profile-tabs-model';
import classes from './profile-tabs.module.css';

// Products is the tab the profile opens on (and the one the header's menu links to). The others
// load when a pointer or the keyboard reaches their tab, a moment before the choice, so the
// profile's own chunk (and its evaluation, a long task on a phone) carries one tab's code, not five.
const TAB_CONTENT: Partial<Record<ProfileTab, ReturnType<typeof lazyWithPreload>>> = {
  'purchase-history': lazyWithPreload(
    () => import('@/features/machines/components/purchase-history-tab'),
    (module) => module.PurchaseHistoryTab,
  ),
  renewals: lazyWithPreload(
    () => import('@/features/machines/components/renewals-tab'),
    (module) => module.RenewalsTab,
  ),
  archived: lazyWithPreload(
    () => import('@/features/machines/components/archived-tab'),
    (module) => module.ArchivedTab,
  ),
  backup: lazyWithPreload(
    () => import('@/features/machines/components/backup-tab'),
    (module) => module.BackupTab,
  ),
};

// The tickets feature's texts are a chunk of their own, loaded with its code.
const ticketsTab = lazyWithPreload(
  () =>
    Promise.all([
      import('@/features/tickets/components/tickets-tab'),
      loadNamespace('tickets'),
    ]).then(([module]) => module),
  (module) => module.TicketsTab,
);

const raiseTicketDialog = lazyDialog(
  () =>
    Promise.all([
      import('@/features/tickets/components/raise-ticket-modal'),
      loadNamespace('tickets'),
    ]).then(([module]) => module),
  (module) => module.RaiseTicketModal,
  (props) => props.opened,
);

/** vm-lifecycle.md §2.7: Raise New Ticket shows only on these tabs. */
const RAISE_TICKET_TABS: ReadonlySet<ProfileTab> = new Set(['tickets', 'backup', 'archived']);

const TAB_ICONS = {
  products: IconServer,
  'purchase-history': IconReceipt,
  renewals: IconRefresh,
  tickets: IconTicket,
  backup: IconDatabase,
  archived: IconArchive,
} as const satisfies Record<ProfileTab, unknown>;

const LABEL_KEYS = {
  products: 'profileTabs.products',
  'purchase-history': 'profileTabs.purchaseHistory',
  renewals: 'profileTabs.renewals',
  tickets: 'profileTabs.tickets',
  backup: 'profileTabs.backup',
  archived: 'profileTabs.archived',
} as const satisfies Record<ProfileTab, string>;

type Props = { initialTab: ProfileTab };

/**
 * The profile's tabs. Products lists the customer's VMs, Purchase History their purchases,
 * Renewals the VMs due for renewal, Tickets their support tickets, Backup their clones and
 * snapshots and Archived the archived VMs. Tickets, Backup and Archived carry Raise New Ticket
 * (§2.7), which an address such as /customerprofile/1?raiseTicket=1&vm=4 opens at once.
 */
export function ProfileTabs({ initialTab }: Props) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const [tab, setTab] = useState<string | null>(initialTab);
  const listRef = useRef<HTMLDivElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = readRaiseTicketRequest(searchParams);
  const [raise, setRaise] = useState<{ vmId: number | null } | null>(requested);

  // The request in the address is taken once: reloading or going back does not open it again.
  useEffect(() => {
    if (requested) setSearchParams(withoutRaiseTicketRequest(searchParams), { replace: true });
  }, [requested, searchParams, setSearchParams]);

  const raiseButton = (
    <Button
      leftSection={<IconPlus size={16} aria-hidden />}
      onClick={() => setRaise({ vmId: null })}
      onPointerEnter={raiseTicketDialog.preload}
      onFocus={raiseTicketDialog.preload}
      data-testid="raise-ticket"
    >
      {t('profileTabs.raiseTicket')}
    </Button>
  );

  // On a phone the tabs scroll sideways: the one the page opened on (Tickets) is brought into view.
  useEffect(() => {
    const list = listRef.current;
    const active = list?.querySelector<HTMLElement>('[data-active]');
    if (!list || !active) return;
    list.scrollLeft += active.getBoundingClientRect().left - list.getBoundingClientRect().left - 8;
  }, []);

  return (
    <Card
      withBorder
      radius="lg"
      p={0}
      component="section"
      id={MACHINES_ANCHOR}
      className={classes.root}
      aria-labelledby="profile-tabs-title"
    >
      <h2 id="profile-tabs-title" className={classes.visuallyHidden}>
        {t('profileTabs.title')}
      </h2>
      <Tabs value={tab} onChange={setTab} keepMounted={false} data-testid="profile-tabs">
        <Tabs.List className={classes.list} ref={listRef}>
          {PROFILE_TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} aria-hidden />}
                onPointerEnter={
                  value === 'tickets' ? ticketsTab.preload : TAB_CONTENT[value]?.preload
                }
                onFocus={value === 'tickets' ? ticketsTab.preload : TAB_CONTENT[value]?.preload}
              >
                {t(LABEL_KEYS[value])}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {PROFILE_TABS.map((value) => {
          const LaterTab = TAB_CONTENT[value]?.Component;
          return (
            <Tabs.Panel key={value} value={value} p={{ base: 'md', sm: 'lg' }}>
              {RAISE_TICKET_TABS.has(value) && (
                <Group justify="flex-end" mb="md">
                  {raiseButton}
                </Group>
              )}
              <Suspense
                fallback={
                  <ListSkeleton
                    count={3}
                    height={72}
                    label={tCommon('common.loading')}
                    testId="profile-tab-loading"
                  />
                }
              >
                {value === 'products' ? (
                  <ProductsTab />
                ) : value === 'tickets' ? (
                  <ticketsTab.Component />
                ) : LaterTab ? (
                  <LaterTab />
                ) : (
                  <EmptyState
                    icon={<IconHourglassHigh size={28} aria-hidden />}
                    withIndicatorBackground
                    title={t('profileTabs.notAvailableTitle')}
                    description={t('profileTabs.notAvailableText', { tab: t(LABEL_KEYS[value]) })}
                    data-testid={`profile-tab-panel-${value}`}
                    py="lg"
                  />
                )}
              </Suspense>
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <raiseTicketDialog.Dialog
        opened={raise !== null}
        onClose={() => setRaise(null)}
        initialVmId={raise?.vmId ?? null}
        // The new ticket is at the top of the Tickets tab.
        onSubmitted={() => setTab('tickets')}
      />
    </Card>
  );
}
