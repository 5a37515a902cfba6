import { Link } from 'react-router';
import { ActionIcon, Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TSavedVm } from '@cloud-portal/contract/saved-items/saved-vm';
import { FactList } from '@/components/fact-list';
import { OsImage } from '@/components/os-image';
import { formatAmount } from '@/lib/format-amount';
import { useFormatDate } from '@/lib/format-date';
import { savedItemLink } from './saved-item-link';

type Props = {
  item: TSavedVm;
  onDelete: (item: TSavedVm) => void;
  /** A pointer or the keyboard reached Delete: the dialog's code can load. */
  onPrepareDelete?: () => void;
};

/**
 * One saved product: picture by OS, name, the date it was saved, RAM, disk, vCPU, OS, period,
 * region and the saved total (two saves of one product tell apart at a glance).
 */
export function SavedItemCard({ item, onDelete, onPrepareDelete }: Props) {
  const { t, i18n } = useTranslation('products');
  const formatDate = useFormatDate();
  const savedOn = formatDate(item.savedAt);
  const headingId = `saved-item-${item.ID}`;
  const facts = [
    { label: t('savedItems.ram'), value: `${item.ram_Count} ${item.ram_Unit}` },
    { label: t('savedItems.disk'), value: `${item.disk_Count} ${item.disk_Unit}` },
    { label: t('savedItems.vcpu'), value: String(item.cpu_Count) },
    { label: t('savedItems.os'), value: item.osType },
    {
      label: t('savedItems.period'),
      value:
        item.timePeriod > 0
          ? t('common.days', { count: item.timePeriod })
          : t('savedItems.noPeriod'),
    },
    { label: t('savedItems.region'), value: item.regionName ?? t('savedItems.noRegion') },
  ];

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      aria-labelledby={headingId}
      data-testid="saved-item"
    >
      <Card.Section withBorder>
        <Box pos="relative">
          <OsImage
            osType={item.osType}
            imagePath={item.imagePath}
            label={t('card.imageLabel', { name: item.vmName, os: item.osType })}
            height={120}
          />
          {!item.isAvailable && (
            <Badge color="gray" variant="filled" pos="absolute" top={12} left={12}>
              {t('savedItems.unavailable')}
            </Badge>
          )}
        </Box>
      </Card.Section>
      <Stack gap="md" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={2} id={headingId} fz="lg" style={{ overflowWrap: 'anywhere' }}>
              {item.vmName}
            </Title>
            {savedOn !== '' && (
              <Text
                component="time"
                dateTime={item.savedAt}
                size="sm"
                c="dimmed"
                data-testid="saved-on"
              >
                {t('savedItems.savedOn', { date: savedOn })}
              </Text>
            )}
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('savedItems.delete', { name: item.vmName })}
            aria-haspopup="dialog"
            onPointerEnter={onPrepareDelete}
            onFocus={onPrepareDelete}
            onClick={() => onDelete(item)}
          >
            <IconTrash size={20} aria-hidden />
          </ActionIcon>
        </Group>
        <FactList facts={facts} variant="caption" cols={2} spacing="sm" verticalSpacing="xs" />
        <Group justify="space-between" align="center" mt="auto" gap="sm">
          <Box>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('savedItems.total')}
            </Text>
            <Text fw={700} data-testid="saved-total">
              {formatAmount(item.totalAmount, item.currency, i18n.language)}
            </Text>
          </Box>
          {item.isAvailable && (
            <Button
              component={Link}
              to={savedItemLink(item)}
              variant="light"
              aria-describedby={headingId}
            >
              {t('savedItems.view')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
