import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Container, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { SectionHeading } from '@/components/section-heading';
import { getErrorMessage } from '@/lib/error-message';
import { useAllNews } from '../api/get-all-news';
import { NewsCarousel } from './news-carousel';
import { useNewsSlidesPerView } from './use-news-slides-per-view';

const NewsDetailModal = lazy(() =>
  import('./news-detail-modal').then((module) => ({ default: module.NewsDetailModal })),
);

/** The news carousel; its heading leads to /news, Read More opens the item in a dialog. */
export function NewsCarouselSection() {
  const { t } = useTranslation();
  const { data: news, error, isPending, refetch, isRefetching } = useAllNews();
  const slidesPerView = useNewsSlidesPerView();
  const [openNews, setOpenNews] = useState<TNews | null>(null);
  // The dialog's code loads with the first Read More, then stays for its closing animation.
  const [hasOpenedNews, setHasOpenedNews] = useState(false);
  const showNews = (item: TNews) => {
    setHasOpenedNews(true);
    setOpenNews(item);
  };

  return (
    <Box component="section" aria-labelledby="home-news-title" py={{ base: 48, md: 80 }}>
      <Container size="xl">
        <SectionHeading
          id="home-news-title"
          title={
            <Anchor component={Link} to="/news" inherit c="inherit" underline="hover">
              {t('home.newsTitle')}{' '}
              <IconArrowRight size={24} aria-hidden style={{ verticalAlign: 'middle' }} />
            </Anchor>
          }
          description={t('home.newsIntro')}
        />
        {isPending ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" aria-hidden>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height={360} radius="lg" />
            ))}
          </SimpleGrid>
        ) : error ? (
          <QueryErrorAlert
            title={t('home.newsError')}
            message={getErrorMessage(error, t)}
            onRetry={() => void refetch()}
            isRetrying={isRefetching}
          />
        ) : news.length === 0 ? (
          <Text ta="center" c="dimmed" size="lg">
            {t('home.newsEmpty')}
          </Text>
        ) : (
          <NewsCarousel news={news} slidesPerView={slidesPerView} onReadMore={showNews} />
        )}
      </Container>
      {hasOpenedNews && (
        <Suspense fallback={null}>
          <NewsDetailModal news={openNews} onClose={() => setOpenNews(null)} />
        </Suspense>
      )}
    </Box>
  );
}
