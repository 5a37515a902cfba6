import { Anchor, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { ExternalLinkHint } from '@/components/external-link-hint';
import { toExternalUrl } from '@/lib/external-url';
import { useFormatDate } from '@/lib/format-date';
import { NewsImage } from './news-image';

type Props = { news: TNews | null; onClose: () => void };

/** The whole news item: picture, title, text and its links (each opening a new tab). */
export function NewsDetailModal({ news, onClose }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const isPhone = useMediaQuery('(max-width: 30em)');
  return (
    <Modal
      fullScreen={isPhone}
      opened={news !== null}
      onClose={onClose}
      size="lg"
      title={news?.newsTitle}
      styles={{ title: { fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {news && (
        <Stack gap="md">
          <div style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
            <NewsImage imagePath={news.imagePath} title={news.newsTitle} height={220} />
          </div>
          {formatDate(news.publishedAt) && (
            <Text size="sm" c="dimmed" component="time" dateTime={news.publishedAt}>
              {formatDate(news.publishedAt)}
            </Text>
          )}
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {news.newsContent}
          </Text>
          {news.newsLinks.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('home.newsLinks')}
              </Title>
              <List spacing={4} size="sm">
                {news.newsLinks.map((link, index) => {
                  const href = toExternalUrl(link);
                  return (
                    <List.Item key={`${link}-${index}`} style={{ overflowWrap: 'anywhere' }}>
                      {href ? (
                        <Anchor href={href} target="_blank" rel="noopener noreferrer" inline>
                          {link} <IconExternalLink size={12} aria-hidden />
                          <ExternalLinkHint />
                        </Anchor>
                      ) : (
                        link
                      )}
                    </List.Item>
                  );
                })}
              </List>
            </Stack>
          )}
        </Stack>
      )}
    </Modal>
  );
}
