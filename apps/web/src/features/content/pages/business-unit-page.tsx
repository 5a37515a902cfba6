import { Link, useNavigate, useParams } from 'react-router';
import {
  Box,
  Button,
  Card,
  Container,
  EmptyState,
  Grid,
  NativeSelect,
  NavLink,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowRight, IconCloud, IconExternalLink, IconMoodEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TGetProductDetailsResponse } from '@cloud-portal/contract/content/get-product-details';
import type { TProductService } from '@cloud-portal/contract/company/get-product-services';
import { messages } from '@cloud-portal/contract/validation/messages';
import { ListGrid } from '@/components/list-grid';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { toExternalUrl } from '@/lib/external-url';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useProductDetails } from '../api/get-product-details';
import { BusinessEnquiryForm } from '../components/business-enquiry-form';

type SideMenu = TGetProductDetailsResponse['sideMenu'];

function toPath(slug: string): string {
  return `/businessunit/${encodeURIComponent(slug)}`;
}

/**
 * /businessunit/:businessName (portal.md §2 "Marketplace Products And Services page"): the
 * business units as a side menu, and the chosen one with what its serviceOption offers: a link
 * to know more, its cloud services, or an enquiry form.
 */
export function BusinessUnitPage() {
  const { t } = useTranslation('content');
  const { translateError } = useContractMessages('content', messages);
  const { businessName: routeName = '' } = useParams();
  const { data, error, isPending, refetch, isRefetching, isPlaceholderData } =
    useProductDetails(routeName);
  const unit = isPlaceholderData ? null : (data?.businessData ?? null);

  return (
    <>
      <PageHeader
        eyebrow={unit ? t('businessUnit.title') : undefined}
        title={unit ? unit.businessName : t('businessUnit.title')}
      />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        {isPending ? (
          <Grid gap="xl" aria-hidden>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Skeleton height={180} radius="lg" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Stack>
                <Skeleton height={24} width="60%" />
                <Skeleton height={80} />
                <Skeleton height={160} radius="lg" />
              </Stack>
            </Grid.Col>
          </Grid>
        ) : error ? (
          <QueryErrorAlert
            title={t('businessUnit.loadError')}
            message={translateError(error)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : (
          <Grid gap={{ base: 'lg', md: 'xl' }}>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <BusinessUnitMenu menu={data.sideMenu} routeName={routeName} />
            </Grid.Col>
            <Grid.Col
              span={{ base: 12, md: 9 }}
              aria-busy={isPlaceholderData || undefined}
              style={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            >
              {isPlaceholderData ? (
                <Stack aria-hidden>
                  <Skeleton height={80} />
                  <Skeleton height={160} radius="lg" />
                </Stack>
              ) : unit ? (
                <BusinessUnitDetail unit={unit} menu={data.sideMenu} />
              ) : (
                <EmptyState
                  icon={<IconMoodEmpty size={32} aria-hidden />}
                  withIndicatorBackground
                  title={t('businessUnit.notAvailable')}
                  description={t('businessUnit.notAvailableText')}
                  data-testid="business-unit-not-available"
                  py="xl"
                />
              )}
            </Grid.Col>
          </Grid>
        )}
      </Container>
    </>
  );
}

function BusinessUnitMenu({ menu, routeName }: { menu: SideMenu; routeName: string }) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const current = menu.find((item) => item.slug.toLowerCase() === routeName.toLowerCase());

  return (
    <>
      <Box hiddenFrom="md">
        <NativeSelect
          label={t('businessUnit.chooseLabel')}
          value={current?.slug ?? ''}
          onChange={(event) => void navigate(toPath(event.currentTarget.value))}
          data={[
            ...(current ? [] : [{ value: '', label: '—', disabled: true }]),
            ...menu.map((item) => ({ value: item.slug, label: item.businessName })),
          ]}
        />
      </Box>
      <Card
        component="nav"
        aria-label={t('businessUnit.menuLabel')}
        visibleFrom="md"
        withBorder
        radius="lg"
        padding="xs"
        style={{ position: 'sticky', top: 88 }}
      >
        <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {menu.map((item) => {
            const isActive = item === current;
            return (
              <li key={item.slug}>
                <NavLink
                  component={Link}
                  to={toPath(item.slug)}
                  label={item.businessName}
                  active={isActive}
                  aria-current={isActive ? 'page' : undefined}
                  variant="light"
                  styles={{
                    root: { borderRadius: 'var(--mantine-radius-md)' },
                    label: { fontWeight: 500 },
                  }}
                />
              </li>
            );
          })}
        </Stack>
      </Card>
    </>
  );
}

function BusinessUnitDetail({ unit, menu }: { unit: TProductService; menu: SideMenu }) {
  const { t } = useTranslation('content');
  const redirectUrl = toExternalUrl(unit.redirectUrl);

  return (
    <Stack gap="xl" data-testid="business-unit-detail">
      <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
        {unit.description}
      </Text>

      {unit.serviceOption === 'RedirectionURL' && redirectUrl && (
        <Button
          component="a"
          href={redirectUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="md"
          rightSection={<IconExternalLink size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('businessUnit.knowMore')}
        </Button>
      )}

      {unit.serviceOption === 'CloudService' && (
        <Box component="section" aria-labelledby="cloud-services-title">
          <Title order={2} size="h3" id="cloud-services-title" mb="md">
            {t('businessUnit.cloudServicesTitle')}
          </Title>
          {unit.cloudService.length === 0 ? (
            <Text c="dimmed">{t('businessUnit.noCloudServices')}</Text>
          ) : (
            <ListGrid>
              {unit.cloudService.map((service) => (
                <Card key={service.serviceName} component="li" withBorder radius="lg" padding="lg">
                  <Stack gap="sm" h="100%">
                    <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                      <IconCloud size={24} />
                    </ThemeIcon>
                    <Title order={3} size="h4">
                      {service.serviceName}
                    </Title>
                    <Text c="dimmed" size="sm" style={{ flex: 1 }}>
                      {service.description}
                    </Text>
                    <Button
                      component={Link}
                      to={`/marketplace/${encodeURIComponent(service.serviceName)}`}
                      variant="light"
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                      aria-label={t('businessUnit.proceedLabel', {
                        serviceName: service.serviceName,
                      })}
                      style={{ alignSelf: 'flex-start' }}
                    >
                      {t('businessUnit.proceed')}
                    </Button>
                  </Stack>
                </Card>
              ))}
            </ListGrid>
          )}
        </Box>
      )}

      {unit.serviceOption === 'SendEmailForEnquiry' && (
        <Card
          component="section"
          aria-labelledby="enquiry-title"
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'xl' }}
        >
          <Stack gap="xs" mb="md">
            <Title order={2} size="h3" id="enquiry-title">
              {t('businessUnit.enquiryTitle')}
            </Title>
            <Text c="dimmed">{t('businessUnit.enquiryIntro')}</Text>
          </Stack>
          <BusinessEnquiryForm
            key={unit.businessName}
            businessName={unit.businessName}
            productServices={menu.map((item) => item.businessName)}
          />
        </Card>
      )}
    </Stack>
  );
}
