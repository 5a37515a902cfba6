import { Suspense, useEffect, useRef, useState } from 'react';
import { Card, EmptyState, Tabs } from '@mantine/core';
import {
  IconArchive,
  IconDatabase,
  IconHourglassHigh,
  IconReceipt,
  IconRefresh,
  IconServer,
  IconTicket,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { ListSkeleton } from '@/components/list-skeleton';
import { ProductsTab } from '@/features/machines/components/products-tab';
import { MACHINES_ANCHOR } from '@/lib/profile-anchor';
import { PROFILE_TABS, type ProfileTab } from './profile-tabs-model';
import classes from './profile-tabs.module.css';

// Products is the tab the profile opens on (and the one the header's menu links to). The others
// load when a pointer or the keyboard reaches their tab, a moment before the choice, so the
// profile's own chunk (and its evaluation, a long task on a phone) carries one tab's code, not five.
// Tickets has no content yet.
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
 * Renewals the VMs due for renewal and Archived the archived ones; each other panel says plainly
 * that its part is not available yet, until the issues that build backups and tickets put their
 * content (and Raise New Ticket) here.
 */
export function ProfileTabs({ initialTab }: Props) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const [tab, setTab] = useState<string | null>(initialTab);
  const listRef = useRef<HTMLDivElement>(null);

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
                onPointerEnter={TAB_CONTENT[value]?.preload}
                onFocus={TAB_CONTENT[value]?.preload}
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
    </Card>
  );
}
