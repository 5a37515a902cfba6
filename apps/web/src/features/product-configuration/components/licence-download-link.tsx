import { Anchor, Group } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TVmProductDetail } from '@cloud-portal/contract/marketplace/get-vm-product-details';
import { toAssetUrl } from '@/lib/asset-url';
import { osFamilyOf } from '@/lib/os-family';

/**
 * The Microsoft licence PDF (vm-lifecycle.md §2.1): for Windows products whose licence flag is 1
 * and that have a licence file; saved as "microsoftLicense.pdf".
 */
export function LicenceDownloadLink({ product }: { product: TVmProductDetail }) {
  const { t } = useTranslation('products');
  const url = toAssetUrl(product.microsoftLicensePath);
  if (osFamilyOf(product.osType) !== 'windows' || product.sendMailForLicense !== 1 || !url) {
    return null;
  }
  return (
    <Anchor
      href={url}
      download="microsoftLicense.pdf"
      size="sm"
      fw={600}
      data-testid="licence-link"
    >
      <Group gap={6} wrap="nowrap" component="span">
        <IconFileTypePdf size={18} aria-hidden />
        {t('licence.download')}
      </Group>
    </Anchor>
  );
}
