import {
  Box,
  Card,
  Container,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HOME_ADDRESS_LIMIT } from '@cloud-portal/contract/company/company-rules';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionHeading } from '@/components/section-heading';
import { getErrorMessage } from '@/lib/error-message';
import { useCompanyAddress } from '../api/get-company-address';

const GRID_COLUMNS = { base: 1, sm: 3 };

/** 'Our Reach': the company's first three offices. */
export function OurReachSection() {
  const { t } = useTranslation();
  const { data: addresses, error, isPending, refetch, isRefetching } = useCompanyAddress();
  const shown = addresses?.slice(0, HOME_ADDRESS_LIMIT) ?? [];

  return (
    <Box
      component="section"
      aria-labelledby="home-reach-title"
      py={{ base: 48, md: 80 }}
      bg="gray.0"
    >
      <Container size="xl">
        <SectionHeading
          id="home-reach-title"
          title={t('home.reachTitle')}
          description={t('home.reachIntro')}
        />
        {isPending ? (
          <SimpleGrid cols={GRID_COLUMNS} spacing="lg" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={140} radius="lg" />
            ))}
          </SimpleGrid>
        ) : error ? (
          <QueryErrorAlert
            title={t('home.reachError')}
            message={getErrorMessage(error, t)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : shown.length === 0 ? (
          <Text ta="center" c="dimmed">
            {t('home.reachEmpty')}
          </Text>
        ) : (
          <SimpleGrid
            cols={GRID_COLUMNS}
            spacing="lg"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {shown.map((address, index) => (
              <Card
                key={`${address.country}-${address.city}-${index}`}
                component="li"
                withBorder
                radius="lg"
                padding="xl"
              >
                <Group align="flex-start" wrap="nowrap" gap="md">
                  <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
                    <IconMapPin size={24} />
                  </ThemeIcon>
                  <Stack gap={4} miw={0}>
                    <Title order={3} size="h4">
                      {address.country}
                    </Title>
                    <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {address.officeAddress}
                    </Text>
                    <Text fw={500}>{address.city}</Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
