import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Container, EmptyState } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TNews } from '@cloud-portal/contract/content/get-all-news';
import { messages } from '@cloud-portal/contract/validation/messages';
import { CardListing } from '@/components/card-listing';
import { PageHeader } from '@/components/page-header';
import { isApiError } from '@/lib/api-client';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { showErrorToast } from '@/lib/notify';
import { useContractMessages } from '@/lib/use-contract-messages';
import { useAllNews } from '../api/get-all-news';
import { useNewsDetail } from '../api/get-news-detail';
import { NewsCard } from '../components/news-card';

const NewsDetailModal = lazy(() =>
  import('../components/news-detail-modal').then((module) => ({ default: module.NewsDetailModal })),
);

/** `?id=12` names a news item; anything else names none. */
function readNewsId(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return id > 0 ? id : null;
}

/**
 * /news (portal.md §2): every news item as a card, three per row; a card opens the item in the
 * read-news dialog. `/news?id=<ID>` opens that item directly, fetching it when it is not among
 * the newest (404 says 'This news item is not available').
 */
export function NewsPage() {
  const { t } = useTranslation('content');
  const { companyName } = useCompanyConfiguration();
  const { translateError } = useContractMessages('content', messages);
  const [searchParams, setSearchParams] = useSearchParams();
  const news = useAllNews();
  const requestedId = readNewsId(searchParams.get('id'));
  // The dialog's code loads the first time an item opens, then stays for its closing animation.
  const [hasOpenedNews, setHasOpenedNews] = useState(requestedId !== null);

  const listed =
    requestedId === null ? undefined : news.data?.find((item) => item.ID === requestedId);
  const shouldFetchDetail = requestedId !== null && !news.isPending && listed === undefined;
  const detail = useNewsDetail(shouldFetchDetail ? requestedId : null);
  const openNews = listed ?? (shouldFetchDetail ? detail.data : undefined) ?? null;

  const closeNews = () =>
    setSearchParams(
      (params) => {
        params.delete('id');
        return params;
      },
      { replace: true },
    );

  const showNews = (item: TNews) => {
    setHasOpenedNews(true);
    setSearchParams(
      (params) => {
        params.set('id', String(item.ID));
        return params;
      },
      { replace: true },
    );
  };

  const detailError = shouldFetchDetail ? detail.error : null;
  useEffect(() => {
    if (detailError === null) return;
    showErrorToast({ id: 'news-detail', message: translateError(detailError) });
    // An item that does not exist leaves the address; a lost connection keeps it for a reload.
    if (isApiError(detailError) && !detailError.isNetworkError) {
      setSearchParams(
        (params) => {
          params.delete('id');
          return params;
        },
        { replace: true },
      );
    }
  }, [detailError, translateError, setSearchParams]);

  return (
    <>
      <PageHeader title={t('news.title')} description={t('news.intro', { companyName })} />
      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <CardListing
          query={news}
          items={news.data}
          skeletonCount={6}
          skeletonHeight={360}
          errorTitle={t('news.loadError')}
          translateError={translateError}
          empty={
            <EmptyState
              icon={<IconNews size={32} aria-hidden />}
              withIndicatorBackground
              title={t('news.empty')}
              data-testid="news-empty"
              py="xl"
            />
          }
          testId="news-list"
          renderItem={(item) => (
            <li key={item.ID}>
              <NewsCard news={item} onReadMore={showNews} isTitleButton />
            </li>
          )}
        />
      </Container>
      {(hasOpenedNews || openNews !== null) && (
        <Suspense fallback={null}>
          <NewsDetailModal news={openNews} onClose={closeNews} />
        </Suspense>
      )}
    </>
  );
}
