import {
  Button,
  Card,
  Center,
  Container,
  EmptyState,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCloudOff, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPartnerCloud } from '@cloud-portal/contract/content/get-external-cloud';
import { ImagePlaceholder } from '@/components/image-placeholder';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { toAssetUrl } from '@/lib/asset-url';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { toExternalUrl } from '@/lib/external-url';
import { useExternalCloud } from '../api/get-external-cloud';
import { useMessageTranslation } from '../components/use-message-translation';

const LOGO_HEIGHT = 120;

/**
 * /partnerCloudServices (portal.md §2): a card per partner cloud with its logo, title and
 * description; Select opens the partner's website in a new tab. 'No data available' when none.
 */
export function PartnerCloudServicesPage() {
  const { t } = useTranslation('content');
  const { companyName } = useCompanyConfiguration();
  const { translateError } = useMessageTranslation();
  const { data: clouds, error, isPending, refetch, isRefetching } = useExternalCloud();

  return (
    <>
      <PageHeader title={t('partners.title')} description={t('partners.intro', { companyName })} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        {isPending ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={320} radius="lg" />
            ))}
          </SimpleGrid>
        ) : error ? (
          <QueryErrorAlert
            title={t('partners.loadError')}
            message={translateError(error)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : clouds.length === 0 ? (
          <EmptyState
            icon={<IconCloudOff size={32} aria-hidden />}
            withIndicatorBackground
            title={t('partners.empty')}
            data-testid="partners-empty"
            py="xl"
          />
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="partner-list"
          >
            {clouds.map((cloud) => (
              <PartnerCloudCard key={cloud.ID} cloud={cloud} />
            ))}
          </SimpleGrid>
        )}
      </Container>
    </>
  );
}

function PartnerCloudCard({ cloud }: { cloud: TPartnerCloud }) {
  const { t } = useTranslation('content');
  const logoUrl = toAssetUrl(cloud.imagePath);
  const websiteUrl = toExternalUrl(cloud.websiteUrl);
  const titleId = `partner-cloud-${cloud.ID}`;

  return (
    <Card component="li" withBorder radius="lg" padding="lg" aria-labelledby={titleId} h="100%">
      <Card.Section withBorder>
        {logoUrl ? (
          <Center h={LOGO_HEIGHT} p="md" bg="gray.0">
            <img
              src={logoUrl}
              alt={t('partners.logoAlt', { title: cloud.cloudTitle })}
              loading="lazy"
              style={{ maxWidth: '100%', maxHeight: LOGO_HEIGHT - 32, objectFit: 'contain' }}
            />
          </Center>
        ) : (
          <ImagePlaceholder label={t('partners.noLogo')} height={LOGO_HEIGHT} />
        )}
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Title order={2} size="h4" id={titleId}>
          {cloud.cloudTitle}
        </Title>
        <Text c="dimmed" size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
          {cloud.description}
        </Text>
        {websiteUrl ? (
          <Button
            component="a"
            href={websiteUrl}
            target="_blank"
            rel="noopener noreferrer"
            rightSection={<IconExternalLink size={16} aria-hidden />}
            aria-label={t('partners.selectLabel', { title: cloud.cloudTitle })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('partners.select')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('partners.websiteUnavailable')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
