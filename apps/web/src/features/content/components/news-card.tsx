import { useId } from 'react';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { needsReadMore } from '@cloud-portal/contract/content/news-rules';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { useFormatDate } from '@/lib/format-date';
import { NewsImage } from './news-image';

export const NEWS_IMAGE_HEIGHT = 180;

type Props = {
  news: TNews;
  onReadMore: (news: TNews) => void;
  /** The title itself opens the item too (the news page, where every card opens its dialog). */
  isTitleButton?: boolean;
};

/** A news card: picture, date, title on one line, text on five, and Read More when it is long. */
export function NewsCard({ news, onReadMore, isTitleButton = false }: Props) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const titleId = useId();
  const publishedOn = formatDate(news.publishedAt);

  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      aria-labelledby={titleId}
    >
      <Card.Section>
        <NewsImage imagePath={news.imagePath} title={news.newsTitle} height={NEWS_IMAGE_HEIGHT} />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        {publishedOn && (
          <Text size="xs" c="dimmed" component="time" dateTime={news.publishedAt}>
            {publishedOn}
          </Text>
        )}
        <Title order={3} size="h5" lineClamp={1} id={titleId} title={news.newsTitle}>
          {isTitleButton ? (
            <Anchor
              component="button"
              type="button"
              inherit
              c="inherit"
              underline="hover"
              ta="left"
              w="100%"
              onClick={() => onReadMore(news)}
            >
              <Text span inherit lineClamp={1}>
                {news.newsTitle}
              </Text>
            </Anchor>
          ) : (
            news.newsTitle
          )}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={5} style={{ flex: 1 }}>
          {news.newsContent}
        </Text>
        {needsReadMore(news) && (
          <Button
            variant="subtle"
            px={0}
            onClick={() => onReadMore(news)}
            aria-describedby={titleId}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('home.readMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
