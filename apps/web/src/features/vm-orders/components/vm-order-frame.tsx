import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { BackToPrevious, MACHINES_PATH } from './back-to-previous';

/** The page: back arrow and title, then what the screen shows. */
export function VmOrderFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="xl" py={{ base: 'lg', md: 40 }}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <BackToPrevious />
          <Title order={1} fz={{ base: 24, md: 34 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** The two columns of a loaded screen: the machine and its choices; the bill and Buy Now. */
export function VmOrderColumns({
  main,
  bill,
  billHeadingId,
}: {
  main: ReactNode;
  bill: ReactNode;
  billHeadingId: string;
}) {
  return (
    <Grid gap={{ base: 'lg', md: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">{main}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'sm', xs: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby={billHeadingId}
          style={{ position: 'sticky', top: 88 }}
        >
          <Stack gap="md">{bill}</Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}

/** While the machine's details load. */
export function VmOrderSkeleton() {
  const { t } = useTranslation('vmOrders');
  return (
    <Grid gap={{ base: 'lg', md: 'xl' }} aria-busy="true" data-testid="vm-order-loading">
      <VisuallyHidden role="status">{t('states.loading')}</VisuallyHidden>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="lg">
          <Skeleton height={220} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton height={320} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

/** 403 or 404: the machine is blocked, gone, or not the customer's; the way to their machines. */
export function VmUnavailable({ message }: { message: string }) {
  const { t } = useTranslation('vmOrders');
  return (
    <Alert
      color="orange"
      variant="light"
      radius="lg"
      title={message}
      icon={<IconAlertCircle size={20} aria-hidden />}
      role="alert"
      data-testid="vm-unavailable"
    >
      <Button component={Link} to={MACHINES_PATH} variant="white" color="orange" mt="xs">
        {t('actions.toMachines')}
      </Button>
    </Alert>
  );
}

/** Any other failed load: the server's reason and a retry. */
export function VmLoadError({
  message,
  onRetry,
  isRetrying,
}: {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('vmOrders');
  return (
    <QueryErrorAlert
      title={t('states.loadError')}
      message={message}
      onRetry={onRetry}
      isRetrying={isRetrying}
    />
  );
}
