import { Link } from 'react-router';
import { ThemeIcon } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { toAssetUrl } from '@/lib/asset-url';
import classes from './site-header.module.css';

/** The company's logo and name, leading home. */
export function CompanyBrand() {
  const { t } = useTranslation();
  const { companyName, imagePath } = useCompanyConfiguration();
  const logoUrl = toAssetUrl(imagePath);
  return (
    <Link to="/home" className={classes.brand} aria-label={t('header.homeLink', { companyName })}>
      {logoUrl ? (
        <img src={logoUrl} alt={t('header.logoAlt', { companyName })} className={classes.logo} />
      ) : (
        <ThemeIcon size={36} radius="md" aria-hidden>
          <IconCloud size={22} />
        </ThemeIcon>
      )}
      <span className={classes.companyName}>{companyName}</span>
    </Link>
  );
}
