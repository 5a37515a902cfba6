import { useState } from 'react';
import { Link } from 'react-router';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DocumentViewer } from '@/components/document-viewer';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { toAssetUrl } from '@/lib/asset-url';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { useRegistrationAgreement } from '../texts/registration-agreement';

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
 * close button are disabled.
 */
export function AgreementModal({ opened, onClose, fullName, isPending, onProceed }: Props) {
  const { t } = useTranslation('accounts');
  const { companyName, registrationAgreement } = useCompanyConfiguration();
  const documentUrl = toAssetUrl(registrationAgreement);
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
      closeOnClickOutside={!isPending}
      closeOnEscape={!isPending}
      closeButtonProps={{ disabled: isPending }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }}
      attributes={{ content: { 'data-testid': 'agreement-modal' } }}
    >
      <Stack gap="md">
        {documentUrl ? (
          <DocumentViewer
            fileUrl={documentUrl}
            title={t('agreement.documentTitle', { companyName })}
          />
        ) : (
          <BuiltInAgreement companyName={companyName} />
        )}
        <TextInput label={t('agreement.nameLabel')} value={fullName} readOnly />
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
        <Group justify="space-between" gap="sm">
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
        </Group>
      </Stack>
    </Modal>
  );
}

function BuiltInAgreement({ companyName }: { companyName: string }) {
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
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={20} width="60%" />
        <Skeleton height={200} radius="md" />
      </Stack>
    );
  }
  if (error || !createAgreement) {
    return (
      <QueryErrorAlert
        title={t('agreement.loadError')}
        message={tCommon('errors.generic')}
        onRetry={() => void refetch()}
        isRetrying={isRefetching}
      />
    );
  }
  const agreement = createAgreement({ companyName });
  return (
    <ScrollArea.Autosize
      mah={360}
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, 'aria-label': agreement.title }}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
      data-testid="agreement-text"
    >
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
    </ScrollArea.Autosize>
  );
}
