import { Button, Card, Center, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCloudCard } from '@cloud-portal/contract/marketplace/catalogue-schemas';
import { toAssetUrl } from '@/lib/asset-url';
import { toExternalUrl } from '@/lib/external-url';
import { ImagePlaceholder } from './image-placeholder';

const LOGO_HEIGHT = 120;

type Props = {
  cloud: TCloudCard;
  titleId: string;
  /** `li` when the card itself is the list item. */
  component: 'article' | 'li';
  headingOrder: 2 | 3;
  'data-testid'?: string;
};

/** A cloud card (portal.md §2): logo, title, description; Select opens its website in a new tab. */
export function CloudCard({
  cloud,
  titleId,
  component,
  headingOrder,
  'data-testid': testId,
}: Props) {
  const { t } = useTranslation();
  const logoUrl = toAssetUrl(cloud.imagePath);
  const websiteUrl = toExternalUrl(cloud.websiteUrl);

  return (
    <Card
      component={component}
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <Card.Section withBorder>
        {logoUrl ? (
          <Center h={LOGO_HEIGHT} p="md" bg="gray.0">
            <img
              src={logoUrl}
              alt={t('cloudCard.logoAlt', { title: cloud.cloudTitle })}
              loading="lazy"
              style={{ maxWidth: '100%', maxHeight: LOGO_HEIGHT - 32, objectFit: 'contain' }}
            />
          </Center>
        ) : (
          <ImagePlaceholder label={t('cloudCard.noLogo')} height={LOGO_HEIGHT} />
        )}
      </Card.Section>
      <Stack gap="sm" mt="md" style={{ flex: 1 }}>
        <Title order={headingOrder} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
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
            aria-label={t('cloudCard.selectLabel', { title: cloud.cloudTitle })}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('cloudCard.select')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('cloudCard.websiteUnavailable')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
