import { Button } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { marketplaceMessages } from '@cloud-portal/contract/marketplace/marketplace-messages';
import {
  quoteConfiguration,
  type Configuration,
  type PricedProduct,
} from '@cloud-portal/contract/marketplace/configuration-rules';
import { showErrorToast, showSuccessToast } from '@/lib/notify';
import { isAlreadySavedError, useSaveMachineForLater } from '../api/save-vm-for-later';
import { useVmOrderMessages } from './vm-order-texts';

type Props = {
  productID: number;
  product: PricedProduct;
  configuration: Configuration;
  units: { memory: string; disk: string };
  regionID: number | null;
  /** Days; the period the configuration is saved with. */
  timePeriod: number;
};

/**
 * The order screens' bookmark (vm-lifecycle.md §2.2 renew, §2.3 update): saves the machine's
 * configuration in the Saved Items, to buy again as a new machine.
 */
export function SaveMachineButton({
  productID,
  product,
  configuration,
  units,
  regionID,
  timePeriod,
}: Props) {
  const { t } = useTranslation('vmOrders');
  const { translateMessage, translateError } = useVmOrderMessages();
  const save = useSaveMachineForLater();

  const saveForLater = async () => {
    const quote = quoteConfiguration(product, configuration, timePeriod);
    try {
      const message = await save.mutateAsync({
        productID,
        processorCount: configuration.processor,
        memoryCount: configuration.memory,
        memoryUnit: units.memory,
        driveCount: configuration.disk,
        driveUnit: units.disk,
        region: regionID ?? 0,
        totalAmount: quote.totalPayable,
        timePeriod,
      });
      showSuccessToast({ message: translateMessage(message) });
    } catch (error) {
      if (isAlreadySavedError(error)) {
        showSuccessToast({ message: translateMessage(marketplaceMessages.alreadySaved) });
        return;
      }
      showErrorToast({ message: translateError(error) });
    }
  };

  return (
    <Button
      variant="light"
      leftSection={<IconBookmark size={18} aria-hidden />}
      onClick={() => void saveForLater()}
      loading={save.isPending}
      data-testid="save-for-later"
    >
      {t('actions.saveForLater')}
    </Button>
  );
}
