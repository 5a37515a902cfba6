import { useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  Flex,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';
import { DocumentViewer } from '@/components/document-viewer';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { toAssetUrl } from '@/lib/asset-url';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useRegistrationAgreement, type TAgreement } from '../texts/registration-agreement';

/** A phone held either way: the dialog takes the whole screen. */
const PHONE_QUERY = '(max-width: 36em), (max-height: 32em)';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** First and last name, shown read-only as the signing name. */
  fullName: string;
  isPending: boolean;
  onProceed: () => void;
};

/**
 * portal.md §2, §4, §5: the agreement (the company's document in the paged viewer, or the
 * built-in text), the customer's name read-only, two checkboxes, Go Back To Log In and Proceed.
 * Proceed looks disabled until both boxes are ticked; while the sign-up call runs, it and the
 * close button are disabled. The document scrolls inside the dialog and everything under it
 * stays in view, so Proceed is never below the fold; on a phone the dialog fills the screen.
 */
export function AgreementModal({ opened, onClose, fullName, isPending, onProceed }: Props) {
  const { t } = useTranslation('accounts');
  const configuration = useCompanyConfiguration();
  const { companyName, registrationAgreement } = configuration;
  const documentUrl = toAssetUrl(registrationAgreement);
  const isPhone = useMediaQuery(PHONE_QUERY) ?? false;
  const [hasAcceptedAgreement, setHasAcceptedAgreement] = useState(false);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [showHint, setShowHint] = useState(false);
  const canProceed = hasAcceptedAgreement && hasAcceptedTerms;

  const handleProceed = () => {
    if (isPending) return;
    if (!canProceed) {
      setShowHint(true);
      return;
    }
    onProceed();
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!isPending) onClose();
      }}
      title={t('agreement.title')}
      size="xl"
      fullScreen={isPhone}
      closeOnClickOutside={!isPending}
      closeOnEscape={!isPending}
      closeButtonProps={{ disabled: isPending }}
      styles={{
        title: { fontSize: 'var(--mantine-font-size-lg)' },
        // The dialog is a column: the header, the document (which scrolls), the footer.
        content: { display: 'flex', flexDirection: 'column', overflow: 'hidden' },
        body: {
          display: 'flex',
          flexDirection: 'column',
          flex: '1 1 auto',
          minHeight: 0,
          paddingBottom: 0,
        },
      }}
      attributes={{ content: { 'data-testid': 'agreement-modal' } }}
    >
      <Box
        flex="1 1 auto"
        mih={documentUrl ? 0 : 160}
        style={{
          overflowY: 'auto',
          overscrollBehavior: 'contain',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
        role="region"
        tabIndex={0}
        aria-label={t('agreement.documentLabel')}
        data-testid="agreement-text"
      >
        {documentUrl ? (
          <Box p="xs">
            <DocumentViewer
              fileUrl={documentUrl}
              title={t('agreement.documentTitle', { companyName })}
            />
          </Box>
        ) : (
          <BuiltInAgreement companyName={companyName} brand={configuration} />
        )}
      </Box>
      <Stack gap="sm" py="md" data-testid="agreement-footer" style={{ flex: '0 0 auto' }}>
        <TextInput
          label={t('agreement.nameLabel')}
          value={fullName}
          readOnly
          size={isPhone ? 'sm' : 'md'}
        />
        <Stack gap="xs">
          <Checkbox
            label={t('agreement.acceptAgreement')}
            checked={hasAcceptedAgreement}
            onChange={(event) => setHasAcceptedAgreement(event.currentTarget.checked)}
            disabled={isPending}
          />
          <Checkbox
            label={
              <>
                {t('agreement.acceptTermsBefore')}
                <Anchor href="/termcondition" target="_blank" rel="noopener" inherit>
                  {t('agreement.termsLink')}
                  <ExternalLinkHint />
                </Anchor>
                {t('agreement.acceptTermsAfter')}
              </>
            }
            checked={hasAcceptedTerms}
            onChange={(event) => setHasAcceptedTerms(event.currentTarget.checked)}
            disabled={isPending}
          />
        </Stack>
        <Text size="sm" c="red.8" role="status" aria-live="polite">
          {showHint && !canProceed ? t('agreement.tickBoth') : ''}
        </Text>
        {/* On a phone each button takes the whole width, Proceed last and nearest the thumb. */}
        <Flex direction={isPhone ? 'column' : 'row'} justify="space-between" gap="xs">
          <Button
            component={Link}
            to="/customerlogin"
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
            disabled={isPending}
          >
            {t('common.goBackToLogin')}
          </Button>
          <Button
            onClick={handleProceed}
            loading={isPending}
            disabled={isPending}
            data-disabled={!canProceed || undefined}
            aria-disabled={!canProceed || isPending}
            leftSection={<IconCheck size={18} aria-hidden />}
            style={canProceed ? undefined : { pointerEvents: 'auto' }}
          >
            {t('agreement.proceed')}
          </Button>
        </Flex>
      </Stack>
    </Modal>
  );
}

function BuiltInAgreement({
  companyName,
  brand,
}: {
  companyName: string;
  brand: Pick<TCompanyConfiguration, 'countryIsoCode' | 'country'>;
}) {
  const { t } = useTranslation('accounts');
  const { t: tCommon } = useTranslation();
  const {
    data: createAgreement,
    isPending,
    error,
    refetch,
    isRefetching,
  } = useRegistrationAgreement();

  if (isPending) {
    return (
      <Stack gap="sm" p="md" aria-busy="true">
        <Skeleton height={20} width="60%" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }
  if (error || !createAgreement) {
    return (
      <Box p="md">
        <QueryErrorAlert
          title={t('agreement.loadError')}
          message={tCommon('errors.generic')}
          onRetry={() => void refetch()}
          isRetrying={isRefetching}
        />
      </Box>
    );
  }
  return <AgreementText agreement={createAgreement({ companyName, brand })} />;
}

function AgreementText({ agreement }: { agreement: TAgreement }) {
  return (
    <Stack gap="sm" p="md">
      <Title order={3} size="h5">
        {agreement.title}
      </Title>
      {agreement.intro.map((paragraph, index) => (
        <Text key={index} size="sm" lh={1.6}>
          {paragraph}
        </Text>
      ))}
      {agreement.sections.map((section) => (
        <Stack key={section.heading} gap={6}>
          <Title order={4} size="h6">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph, index) => (
            <Text key={index} size="sm" lh={1.6}>
              {paragraph}
            </Text>
          ))}
          {section.items && (
            <List size="sm" spacing={4} withPadding>
              {section.items.map((item, index) => (
                <List.Item key={index}>{item}</List.Item>
              ))}
            </List>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
