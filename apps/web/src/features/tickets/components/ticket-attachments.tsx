import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconFile, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TTicketAttachment } from '@cloud-portal/contract/tickets/customer-tickets';
import { attachmentHref } from './attachment-href';
import { fileSizeInMegabytes } from '@/lib/ticket-form-checks';

type Props = {
  attachments: readonly TTicketAttachment[];
  /** vm-lifecycle.md §2.9: attachment links are prefixed with the call's websiteUrl. */
  websiteUrl: string;
  /** Say so when there are none (the Ticket Information tab), or show nothing. */
  showNone?: boolean;
};

/** A message's files as download links (the server sends each as an attachment). */
export function TicketAttachments({ attachments, websiteUrl, showNone = false }: Props) {
  const { t } = useTranslation('tickets');
  if (attachments.length === 0) {
    return showNone ? (
      <Text size="sm" c="dimmed">
        {t('details.noAttachments')}
      </Text>
    ) : null;
  }
  return (
    <Stack
      component="ul"
      gap={4}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t('details.attachments')}
    >
      {attachments.map((attachment) => {
        const Icon = attachment.contentType === 'application/pdf' ? IconFile : IconPhoto;
        const size = fileSizeInMegabytes(attachment.size);
        return (
          <li key={attachment.ID}>
            <Group gap={6} wrap="nowrap" miw={0}>
              <Icon size={16} aria-hidden style={{ flexShrink: 0 }} />
              <Anchor
                href={attachmentHref(websiteUrl, attachment.url)}
                download={attachment.fileName}
                size="sm"
                miw={0}
                style={{ overflowWrap: 'anywhere' }}
                aria-label={t('details.download', { name: attachment.fileName })}
                data-testid="ticket-attachment"
              >
                {attachment.fileName}
              </Anchor>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} aria-hidden>
                {size === null ? t('files.sizeSmall') : t('files.size', { size })}
              </Text>
              <IconDownload size={14} aria-hidden style={{ flexShrink: 0 }} />
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
