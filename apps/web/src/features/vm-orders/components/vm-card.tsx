import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FactList } from '@/components/fact-list';
import { OsImage } from '@/components/os-image';
import { formatAmount } from '@/lib/format-amount';

type VmCardFacts = {
  vmName: string;
  osType: string;
  imagePath: string | null;
  ramCount: number;
  ramUnit: string;
  diskCount: number;
  cpuCount: number;
  /** The period the price is for, in days. */
  periodDays: number;
  /** What the bill on screen asks (2-decimal string) in `currency`. */
  price: string;
  currency: string;
  regionName?: string | null;
  isGoldCopy?: boolean;
};

type Props = {
  vm: VmCardFacts;
  /** The id of the card's heading, for the page's landmarks. */
  headingId: string;
  /** The card's buttons (bookmark, share). */
  actions?: ReactNode;
};

/**
 * The VM card of the clone, snapshot, renew and update screens (vm-lifecycle.md §2.2, §2.3): OS
 * logo, name, RAM, disk in GB, vCPU, period in days, region and price with its currency.
 */
export function VmCard({ vm, headingId, actions }: Props) {
  const { t, i18n } = useTranslation('vmOrders');
  const facts = [
    { label: t('card.memory'), value: `${vm.ramCount} ${vm.ramUnit}` },
    { label: t('card.disk'), value: t('card.gigabytes', { count: vm.diskCount }) },
    { label: t('card.vcpu'), value: String(vm.cpuCount) },
    { label: t('card.period'), value: t('card.days', { count: vm.periodDays }) },
    ...(vm.regionName ? [{ label: t('card.region'), value: vm.regionName }] : []),
    { label: t('card.price'), value: formatAmount(vm.price, vm.currency, i18n.language) },
  ];

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-testid="vm-card"
    >
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box w={{ base: 64, sm: 104 }} style={{ flexShrink: 0 }}>
          <OsImage
            osType={vm.osType}
            imagePath={vm.imagePath}
            label={t('card.imageLabel', { name: vm.vmName, os: vm.osType })}
            height={88}
          />
        </Box>
        <Stack gap={6} miw={0} style={{ flex: 1 }}>
          <Group gap="xs">
            {vm.isGoldCopy && (
              <Badge color="yellow" variant="light" c="dark.9">
                {t('card.gold')}
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {vm.osType}
            </Text>
          </Group>
          <Title
            order={2}
            id={headingId}
            fz={{ base: 20, sm: 24 }}
            style={{ overflowWrap: 'anywhere' }}
            data-testid="vm-card-name"
          >
            {vm.vmName}
          </Title>
        </Stack>
      </Group>
      <FactList
        facts={facts}
        variant="caption"
        valueSize="md"
        cols={{ base: 2, xs: 3, sm: facts.length > 5 ? 3 : 5 }}
        spacing="md"
        verticalSpacing="sm"
        mt="lg"
      />
      {actions && (
        <Group gap="sm" mt="lg">
          {actions}
        </Group>
      )}
    </Paper>
  );
}
