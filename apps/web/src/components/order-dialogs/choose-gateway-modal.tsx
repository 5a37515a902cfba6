import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  isGatewayName,
  needsUsdConversion,
  type GatewayName,
} from '@cloud-portal/contract/orders/gateways';
import { GATEWAY_KEYS } from '@/lib/gateway-keys';

type Props = {
  opened: boolean;
  gateways: readonly GatewayName[];
  /** The product's currency: PayPal with rand says it charges in US dollars. */
  currency: string;
  onClose: () => void;
  onProceed: (gateway: GatewayName) => void;
  isOrdering: boolean;
};

/**
 * Choose payment gateway (vm-lifecycle.md §2.11, §4): a radio list of the product's gateways;
 * Proceed and No appear only once one is chosen (§5).
 */
export function ChooseGatewayModal({
  opened,
  gateways,
  currency,
  onClose,
  onProceed,
  isOrdering,
}: Props) {
  const { t } = useTranslation('products');
  const [chosen, setChosen] = useState<GatewayName | null>(null);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isOrdering) onClose();
      }}
      onExitTransitionEnd={() => setChosen(null)}
      title={t('buyNow.chooseTitle')}
      size="md"
      attributes={{ content: { 'data-testid': 'choose-gateway-modal' } }}
    >
      <Stack gap="lg">
        <Radio.Group
          value={chosen}
          onChange={(value) => {
            if (isGatewayName(value)) setChosen(value);
          }}
          label={t('buyNow.chooseLabel')}
          description={t('buyNow.chooseHint')}
          name="payment-gateway"
        >
          <Stack gap="sm" mt="sm">
            {gateways.map((gateway) => (
              <Radio.Card
                key={gateway}
                value={gateway}
                radius="md"
                p="md"
                disabled={isOrdering}
                data-testid={`gateway-option-${GATEWAY_KEYS[gateway]}`}
              >
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600} size="sm">
                      {t(`gateways.${GATEWAY_KEYS[gateway]}`)}
                    </Text>
                    {needsUsdConversion(gateway, currency) && (
                      <Text size="xs" c="dimmed">
                        {t('buyNow.chargedInUsd')}
                      </Text>
                    )}
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        {chosen !== null && (
          <Group justify="flex-end" gap="sm" data-testid="choose-gateway-actions">
            <Button variant="default" onClick={onClose} disabled={isOrdering}>
              {t('buyNow.no')}
            </Button>
            <Button
              onClick={() => onProceed(chosen)}
              loading={isOrdering}
              data-testid="choose-gateway-proceed"
            >
              {t('buyNow.proceed')}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
