import { Box, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TVmProductCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import classes from './product-specs.module.css';

type Props = { product: TVmProductCard };

/** RAM, disk, CPU count, OS (and the region when the product has one), as a description list. */
export function ProductSpecs({ product }: Props) {
  const { t } = useTranslation('marketplace');
  const rows: [term: string, value: string][] = [
    [t('card.ram'), `${product.vm_RAM_Count} ${product.vm_RAM_Unit}`],
    [t('card.disk'), `${product.vm_Driver_Count} ${product.vm_Driver_Unit}`],
    [t('card.cpu'), t('card.cpuCount', { count: product.vm_CPU_Count })],
    [t('card.os'), product.osType],
  ];
  if (product.regionName) rows.push([t('card.region'), product.regionName]);

  return (
    <Box component="dl" className={classes.list}>
      {rows.map(([term, value]) => (
        <div key={term} className={classes.row}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="sm" fw={500} className={classes.value}>
            {value}
          </Text>
        </div>
      ))}
    </Box>
  );
}
