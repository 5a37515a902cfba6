import { Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { NewsletterForm } from '@/features/content/components/newsletter-form';
import { useProductsAndServicesPath } from '../use-products-and-services-path';
import { FooterLinks } from './footer-links';
import { SocialLinks } from './social-links';
import classes from './site-footer.module.css';

/** portal.md §2: company name and version, page links, social icons and the newsletter box. */
export function SiteFooter() {
  const { t } = useTranslation();
  const configuration = useCompanyConfiguration();
  const productsAndServicesPath = useProductsAndServicesPath();

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'xl', md: 48 }}>
          <Stack gap="sm">
            <Text className={classes.companyName}>{configuration.companyName}</Text>
            <Text size="sm" c="gray.4">
              {t('footer.tagline')}
            </Text>
            <SocialLinks configuration={configuration} />
          </Stack>
          <FooterLinks productsAndServicesPath={productsAndServicesPath} />
          <NewsletterForm headingClassName={classes.heading} />
        </SimpleGrid>
      </Container>
      <div className={classes.bottom}>
        <Container size="xl" py="md">
          <Text size="xs" c="gray.5" component="p" data-testid="footer-version">
            {t('footer.copyright', {
              year: new Date().getFullYear(),
              companyName: configuration.companyName,
            })}{' '}
            · <span>{t('footer.version', { version: __APP_VERSION__ })}</span>
          </Text>
        </Container>
      </div>
    </Box>
  );
}
