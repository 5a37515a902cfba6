import { Link, useParams } from 'react-router';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { orderMessages } from '@cloud-portal/contract/orders/order-messages';
import { DocumentViewer } from '@/components/document-viewer';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { isApiError } from '@/lib/api-client';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useReceiptPdf, type ReceiptPdf } from '../api/receipt-pdf';
import { saveFile } from '../components/save-file';

/** vm-lifecycle.md §2.7: id 2 opens the profile on the Products tab, beside Purchase History. */
const PURCHASES_PATH = '/CustomerProfile/2';

/**
 * /DownloadInvoice/{token} (vm-lifecycle.md §2.10): the server-made A4 receipt of a paid purchase
 * in the paged viewer, with Download. A token that is not one of this customer's receipts says so
 * and leads back to the purchases.
 */
export function DownloadInvoicePage() {
  const { t } = useTranslation('receipts');
  const { id = '' } = useParams();
  const receipt = useReceiptPdf(id);
  const isNotFound =
    receipt.isError && isApiError(receipt.error) && receipt.error.httpStatus === 404;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={isNotFound ? undefined : t('intro')}
        withBackLink={false}
      />
      <Container size="xl" pb={{ base: 48, md: 72 }} px={{ base: 'sm', xs: 'md' }}>
        <Group justify="space-between" gap="sm" maw={1000} mx="auto" mb="md" wrap="wrap">
          <BackToPurchases />
          {receipt.isSuccess && <DownloadButton receipt={receipt.data} />}
          {receipt.isPending && <Skeleton height={36} width={160} radius="md" />}
        </Group>
        {receipt.isPending ? (
          <ReceiptLoading />
        ) : isNotFound ? (
          <ReceiptNotFound />
        ) : receipt.isError ? (
          <ReceiptLoadError
            error={receipt.error}
            onRetry={() => void receipt.refetch()}
            isRetrying={receipt.isFetching}
          />
        ) : (
          <ReceiptView receipt={receipt.data} />
        )}
      </Container>
    </>
  );
}

function BackToPurchases() {
  const { t } = useTranslation('receipts');
  return (
    <Anchor
      component={Link}
      to={PURCHASES_PATH}
      size="sm"
      fw={500}
      underline="hover"
      data-testid="receipt-back"
    >
      <Group gap={6} wrap="nowrap" component="span">
        <IconArrowLeft size={18} aria-hidden />
        {t('back')}
      </Group>
    </Anchor>
  );
}

function DownloadButton({ receipt }: { receipt: ReceiptPdf }) {
  const { t } = useTranslation('receipts');
  return (
    <Button
      leftSection={<IconDownload size={18} aria-hidden />}
      onClick={() => saveFile(receipt.blob, receipt.fileName)}
      aria-label={t('downloadLabel', { fileName: receipt.fileName })}
      data-testid="receipt-download"
    >
      {t('download')}
    </Button>
  );
}

function ReceiptView({ receipt }: { receipt: ReceiptPdf }) {
  const { t } = useTranslation('receipts');
  return (
    <Stack maw={1000} mx="auto">
      {/* A receipt is a form to see whole: on a phone it opens fitted, title and total in view. */}
      <DocumentViewer
        fileUrl={receipt.url}
        fileData={receipt.blob}
        title={t('documentTitle')}
        openingFit="fit-width"
      />
    </Stack>
  );
}

function ReceiptLoading() {
  const { t } = useTranslation('receipts');
  return (
    <Stack gap="md" maw={1000} mx="auto" aria-busy="true" data-testid="receipt-loading">
      <Text size="sm" c="dimmed" role="status">
        {t('loading')}
      </Text>
      <Skeleton height={36} radius="md" />
      <Skeleton height={600} radius="md" />
    </Stack>
  );
}

function ReceiptNotFound() {
  const { t } = useTranslation('receipts');
  const { message } = useContractMessages('receipts', orderMessages);
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 40 }}
      maw={640}
      mx="auto"
      data-testid="receipt-not-found"
    >
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconReceiptOff size={40} />
        </ThemeIcon>
        <Title order={2} fz={{ base: 22, md: 26 }} role="alert">
          {message('receiptNotFound')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to={PURCHASES_PATH} mt="xs">
          {t('notFound.action')}
        </Button>
      </Stack>
    </Paper>
  );
}

function ReceiptLoadError({
  error,
  onRetry,
  isRetrying,
}: {
  error: unknown;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const { t } = useTranslation('receipts');
  const { translateError } = useContractMessages('receipts', orderMessages);
  return (
    <Stack maw={1000} mx="auto">
      <QueryErrorAlert
        title={t('loadError')}
        message={translateError(error)}
        onRetry={onRetry}
        isRetrying={isRetrying}
      />
    </Stack>
  );
}
