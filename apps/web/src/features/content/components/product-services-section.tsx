import { Link } from 'react-router';
import {
  Box,
  Button,
  Card,
  Container,
  SimpleGrid,
  Skeleton,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconServer2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toBusinessUnitSlug } from '@cloud-portal/contract/company/company-rules';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionHeading } from '@/components/section-heading';
import { getErrorMessage } from '@/lib/error-message';
import { useProductServices } from '../api/get-product-services';

const GRID_COLUMNS = { base: 1, sm: 2, lg: 3 };

/** 'Our Products & Services': a card per business unit, each leading to its page. */
export function ProductServicesSection() {
  const { t } = useTranslation();
  const { data: productServices, error, isPending, refetch, isRefetching } = useProductServices();

  return (
    <Box component="section" aria-labelledby="home-products-title" py={{ base: 48, md: 80 }}>
      <Container size="xl">
        <SectionHeading
          id="home-products-title"
          title={t('home.productsTitle')}
          description={t('home.productsIntro')}
        />
        {isPending ? (
          <SimpleGrid cols={GRID_COLUMNS} spacing="lg" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={220} radius="lg" />
            ))}
          </SimpleGrid>
        ) : error ? (
          <QueryErrorAlert
            title={t('home.productsError')}
            message={getErrorMessage(error, t)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : productServices.length === 0 ? (
          <Text ta="center" c="dimmed">
            {t('home.productsEmpty')}
          </Text>
        ) : (
          <SimpleGrid
            cols={GRID_COLUMNS}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {productServices.map((service) => (
              <Card
                key={service.ID}
                component="li"
                withBorder
                radius="lg"
                padding="xl"
                shadow="xs"
                style={{
                  display: 'flex',
                  flexDirection: 'column',
                  gap: 'var(--mantine-spacing-md)',
                }}
              >
                <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                  <IconServer2 size={26} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {service.businessName}
                </Title>
                <Text c="dimmed" lineClamp={3} style={{ flex: 1 }}>
                  {service.description}
                </Text>
                <Button
                  component={Link}
                  to={`/businessunit/${encodeURIComponent(toBusinessUnitSlug(service.businessName))}`}
                  variant="light"
                  rightSection={<IconArrowRight size={16} aria-hidden />}
                  aria-label={t('home.exploreLabel', { businessName: service.businessName })}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('home.explore')}
                </Button>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
