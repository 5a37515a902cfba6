import { useTranslation } from 'react-i18next';
import type { TVmProductCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { FactList, type Fact } from '@/components/fact-list';

type Props = { product: TVmProductCard };

/** RAM, disk, CPU count, OS (and the region when the product has one), as a description list. */
export function ProductSpecs({ product }: Props) {
  const { t } = useTranslation('marketplace');
  const facts: Fact[] = [
    { label: t('card.ram'), value: `${product.vm_RAM_Count} ${product.vm_RAM_Unit}` },
    { label: t('card.disk'), value: `${product.vm_Driver_Count} ${product.vm_Driver_Unit}` },
    { label: t('card.cpu'), value: t('card.cpuCount', { count: product.vm_CPU_Count }) },
    { label: t('card.os'), value: product.osType },
  ];
  if (product.regionName) facts.push({ label: t('card.region'), value: product.regionName });

  return <FactList facts={facts} variant="plain" cols={2} spacing="md" verticalSpacing="xs" />;
}
