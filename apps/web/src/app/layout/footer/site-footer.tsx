import { Box, Container, Grid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { SocialLinks } from '@/components/social-links';
import { NewsletterForm } from '@/features/content/components/newsletter-form';
import { useProductsAndServicesPath } from '../use-products-and-services-path';
import { FooterLinks } from './footer-links';
import classes from './site-footer.module.css';

/** portal.md §2: company name and version, page links, social icons and the newsletter box. */
export function SiteFooter() {
  const { t } = useTranslation();
  const configuration = useCompanyConfiguration();
  const productsAndServicesPath = useProductsAndServicesPath();

  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl" py={{ base: 'xl', md: 48 }}>
        <Grid columnGap={{ base: 'xl', md: 48 }} rowGap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="sm">
              <Text className={classes.companyName}>{configuration.companyName}</Text>
              <Text size="sm" c="gray.4">
                {t('footer.tagline')}
              </Text>
              <SocialLinks configuration={configuration} />
            </Stack>
          </Grid.Col>
          <FooterLinks productsAndServicesPath={productsAndServicesPath} />
          <Grid.Col span={{ base: 12, md: 4 }}>
            <NewsletterForm headingClassName={classes.heading} />
          </Grid.Col>
        </Grid>
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
