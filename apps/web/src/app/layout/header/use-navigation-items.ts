import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { toExternalUrl } from '@/lib/external-url';
import { useDropdownList } from '@/features/company/api/get-dropdown-list';
import { useProductsAndServicesPath } from '../use-products-and-services-path';
import { buildNavigationItems, type HeaderSession, type NavigationItem } from './navigation-items';

/** The header menus for this company, from its configuration, business units and Benefits links. */
export function useNavigationItems(session: HeaderSession): NavigationItem[] {
  const { t } = useTranslation();
  const configuration = useCompanyConfiguration();
  const productsAndServicesPath = useProductsAndServicesPath();
  const { data: dropdownList } = useDropdownList();

  return useMemo(
    () =>
      buildNavigationItems({
        labels: {
          home: t('nav.home'),
          marketplace: t('nav.marketplace'),
          productsAndServices: t('nav.productsAndServices'),
          partnerCloudServices: t('nav.partnerCloudServices'),
          myProducts: t('nav.myProducts'),
          viewVirtualMachines: t('nav.viewVirtualMachines'),
          savedProducts: t('nav.savedProducts'),
          support: t('nav.support'),
          raisedTicket: t('nav.raisedTicket'),
          viewTicket: t('nav.viewTicket'),
          companyWebsite: t('nav.companyWebsite'),
          news: t('nav.news'),
          benefits: t('nav.benefits'),
        },
        session,
        productsAndServicesPath,
        companyWebsiteUrl: toExternalUrl(configuration.wwwUrl),
        benefits: (dropdownList ?? []).flatMap((item) => {
          const href = toExternalUrl(item.redirectURL);
          return href === null || item.menuName.trim() === ''
            ? []
            : [{ label: item.menuName, href }];
        }),
      }),
    [t, session, productsAndServicesPath, configuration.wwwUrl, dropdownList],
  );
}
