import { useMemo } from 'react';
import { Container, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentViewer } from '@/components/document-viewer';
import { PageHeader } from '@/components/page-header';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { toAssetUrl } from '@/lib/asset-url';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { addressLines, presentValue } from '@/lib/present-value';
import { useLegalDocumentFactory } from '../texts/localized-texts';
import { LegalDocumentView } from './legal-document-view';

type Props = { kind: 'terms' | 'privacy' };

/**
 * portal.md §2 "Terms and Privacy": the company's own document in the paged viewer when one is
 * configured (`termCondition` / `privacyPolicy`), otherwise the built-in text in the reader's
 * language, naming the company and its contact details.
 */
export function LegalDocumentPage({ kind }: Props) {
  const { t } = useTranslation();
  const { t: tContent } = useTranslation('content');
  const configuration = useCompanyConfiguration();
  const title = t(kind === 'terms' ? 'pages.terms' : 'pages.privacy');
  const documentUrl = toAssetUrl(
    kind === 'terms' ? configuration.termCondition : configuration.privacyPolicy,
  );

  return (
    <>
      <PageHeader title={title} eyebrow={configuration.companyName} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        {documentUrl ? (
          <DocumentViewer
            fileUrl={documentUrl}
            title={tContent('legal.documentTitle', {
              title,
              companyName: configuration.companyName,
            })}
          />
        ) : (
          <BuiltInText kind={kind} />
        )}
      </Container>
    </>
  );
}

function BuiltInText({ kind }: Props) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const configuration = useCompanyConfiguration();
  const {
    data: createDocument,
    isPending,
    error,
    refetch,
    isRefetching,
  } = useLegalDocumentFactory(kind);

  const document = useMemo(() => {
    if (!createDocument) return null;
    const address = addressLines(configuration).join(', ');
    return createDocument({
      companyName: configuration.companyName,
      email: presentValue(configuration.emailID),
      phone: presentValue(configuration.contactNo),
      address: address === '' ? null : address,
      website: configuration.websiteUrl,
      brand: configuration,
    });
  }, [createDocument, configuration]);

  if (isPending) {
    return (
      <Stack gap="md" aria-hidden maw={820}>
        <Skeleton height={16} width={180} />
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} height={90} radius="md" />
        ))}
      </Stack>
    );
  }
  if (error || !document) {
    return (
      <QueryErrorAlert
        title={t('legal.loadError')}
        message={tCommon('errors.generic')}
        onRetry={() => void refetch()}
        isRetrying={isRefetching}
      />
    );
  }
  return <LegalDocumentView document={document} />;
}
