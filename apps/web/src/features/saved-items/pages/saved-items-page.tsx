import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Container, Paper, Stack, Text } from '@mantine/core';
import { IconBookmarkOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';
import { CardListing } from '@/components/card-listing';
import { PageHeader } from '@/components/page-header';
import { lazyDialog } from '@/lib/lazy-dialog';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useDeletedSavedVm } from '../api/deleted-saved-vm';
import { useSavedVms } from '../api/show-saved-vm';
import { SavedItemCard } from '../components/saved-item-card';

// Its code loads when a pointer or the keyboard reaches a Delete button, or when it first opens.
const deleteDialog = lazyDialog(
  () => import('../components/delete-saved-item-modal'),
  (module) => module.DeleteSavedItemModal,
  (props) => props.opened,
);

/**
 * /SavedItem and /saveditem (vm-lifecycle.md §2.8): the customer's saved configurations as cards,
 * each with View (back to its configuration) and a trash button with a confirmation.
 */
export function SavedItemsPage() {
  const { t } = useTranslation('products');
  const { translateMessage, translateError } = useContractMessages('products', marketplaceMessages);
  const saved = useSavedVms();
  const remove = useDeletedSavedVm();
  const [toDelete, setToDelete] = useState<TSavedVm | null>(null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  const askToDelete = (item: TSavedVm) => {
    setToDelete(item);
    setIsDeleteOpen(true);
  };

  const confirmDelete = async (item: TSavedVm) => {
    try {
      const message = await remove.mutateAsync(item.ID);
      showSuccessToast({ message: translateMessage(message) });
    } catch (error) {
      showErrorToast({ message: translateError(error) });
    }
    setIsDeleteOpen(false);
  };

  return (
    <>
      <PageHeader title={t('savedItems.title')} description={t('savedItems.intro')} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <CardListing
          query={saved}
          items={saved.data}
          skeletonHeight={320}
          errorTitle={t('savedItems.loadError')}
          translateError={translateError}
          empty={
            <Paper withBorder radius="lg" p="xl" data-testid="saved-items-empty">
              <Stack align="center" gap="sm" ta="center">
                <IconBookmarkOff
                  size={40}
                  stroke={1.5}
                  aria-hidden
                  color="var(--mantine-color-gray-5)"
                />
                <Text fw={600} size="lg">
                  {translateMessage(marketplaceMessages.noDataToDisplay)}
                </Text>
                <Text c="dimmed" size="sm" maw={420}>
                  {t('savedItems.emptyHint')}
                </Text>
                <Button component={Link} to="/marketplace" variant="light" mt="xs">
                  {t('savedItems.browse')}
                </Button>
              </Stack>
            </Paper>
          }
          testId="saved-items"
          renderItem={(item) => (
            <li key={item.ID}>
              <SavedItemCard
                item={item}
                onDelete={askToDelete}
                onPrepareDelete={deleteDialog.preload}
              />
            </li>
          )}
        />
      </Container>
      <deleteDialog.Dialog
        opened={isDeleteOpen}
        item={toDelete}
        onClose={() => setIsDeleteOpen(false)}
        onConfirm={(item) => void confirmDelete(item)}
        isDeleting={remove.isPending}
      />
    </>
  );
}
