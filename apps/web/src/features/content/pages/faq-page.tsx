import { useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Accordion,
  Badge,
  Box,
  Button,
  CloseButton,
  Container,
  EmptyState,
  Group,
  Highlight,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMessageQuestion, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { koreanParticle } from '@/lib/korean-particle';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { FaqAnswer } from '../components/faq-answer';
import { filterFaq, getSearchTerms } from '../components/filter-faq';
import type { TFaqItem, TFaqTopicId } from '../texts/faq-content';
import { useFaqContent } from '../texts/localized-texts';

const OPEN_MATCHES_UP_TO = 3;

/**
 * /Faq (portal.md §2): a search over every topic's questions and answers, and the topics General,
 * Products, Profile and Contact as tabs of questions that open like an accordion.
 */
export function FaqPage() {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const { data: faq, isPending, error, refetch, isRefetching } = useFaqContent();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [activeTopic, setActiveTopic] = useState<TFaqTopicId>('general');

  const terms = useMemo(() => getSearchTerms(deferredQuery), [deferredQuery]);
  const matches = useMemo(() => filterFaq(faq ?? [], deferredQuery), [faq, deferredQuery]);
  const isSearching = terms.length > 0;
  const trimmedQuery = deferredQuery.trim();
  // Korean joins "matching" to the search with 과 or 와, chosen by the search's last sound.
  const withParticle = koreanParticle(trimmedQuery, '과/와');

  return (
    <>
      <PageHeader title={t('faq.title')} description={t('faq.intro')}>
        <TextInput
          type="search"
          label={t('faq.searchLabel')}
          placeholder={t('faq.searchPlaceholder')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden />}
          rightSection={
            query !== '' ? (
              <CloseButton aria-label={t('faq.clearSearch')} onClick={() => setQuery('')} />
            ) : null
          }
          size="md"
          maw={560}
          mt="sm"
          data-testid="faq-search"
        />
      </PageHeader>

      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <Box maw={960}>
          <Text
            role="status"
            aria-live="polite"
            c="dimmed"
            mb={isSearching ? 'md' : 0}
            data-testid="faq-result-count"
          >
            {isSearching && faq
              ? t('faq.resultCount', { count: matches.length, query: trimmedQuery, withParticle })
              : ''}
          </Text>

          {isPending ? (
            <Stack gap="sm" aria-hidden>
              <Skeleton height={40} radius="md" />
              {[0, 1, 2, 3].map((index) => (
                <Skeleton key={index} height={56} radius="md" />
              ))}
            </Stack>
          ) : error ? (
            <QueryErrorAlert
              title={t('faq.loadError')}
              message={tCommon('errors.generic')}
              onRetry={() => void refetch()}
              isRetrying={isRefetching}
            />
          ) : isSearching ? (
            matches.length === 0 ? (
              <EmptyState
                icon={<IconMessageQuestion size={32} aria-hidden />}
                withIndicatorBackground
                title={t('faq.noResultsTitle', { query: trimmedQuery, withParticle })}
                description={t('faq.noResultsText')}
                data-testid="faq-empty"
              >
                <EmptyState.Actions>
                  <Group justify="center" gap="sm">
                    <Button variant="default" onClick={() => setQuery('')}>
                      {t('faq.clearSearch')}
                    </Button>
                    <Button component={Link} to="/help">
                      {t('faq.contactUs')}
                    </Button>
                  </Group>
                </EmptyState.Actions>
              </EmptyState>
            ) : (
              <FaqAccordion
                key={trimmedQuery}
                items={matches.map(({ topic, item }) => ({ item, topicTitle: topic.title }))}
                highlight={terms}
                openAll={matches.length <= OPEN_MATCHES_UP_TO}
              />
            )
          ) : (
            <Tabs
              value={activeTopic}
              onChange={(value) => value && setActiveTopic(value as TFaqTopicId)}
              keepMounted={false}
            >
              <Tabs.List
                aria-label={t('faq.tabsLabel')}
                mb="lg"
                style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}
              >
                {faq.map((topic) => (
                  <Tabs.Tab key={topic.id} value={topic.id} fz="md" px={{ base: 'sm', sm: 'md' }}>
                    {topic.title}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              {faq.map((topic) => (
                <Tabs.Panel key={topic.id} value={topic.id}>
                  <FaqAccordion items={topic.items.map((item) => ({ item }))} highlight={[]} />
                </Tabs.Panel>
              ))}
            </Tabs>
          )}
        </Box>
      </Container>
    </>
  );
}

type AccordionProps = {
  items: { item: TFaqItem; topicTitle?: string }[];
  highlight: string[];
  /** A short list of search results opens at once, so the answers show with the words marked. */
  openAll?: boolean;
};

function FaqAccordion({ items, highlight, openAll = false }: AccordionProps) {
  return (
    <Accordion
      variant="separated"
      radius="md"
      chevronPosition="right"
      multiple
      defaultValue={openAll ? items.map(({ item }) => item.id) : []}
    >
      {items.map(({ item, topicTitle }) => (
        <Accordion.Item key={item.id} value={item.id} data-testid={`faq-item-${item.id}`}>
          <Accordion.Control>
            <Stack gap={4}>
              {topicTitle && (
                <Badge variant="light" size="sm" style={{ alignSelf: 'flex-start' }}>
                  {topicTitle}
                </Badge>
              )}
              <Highlight component="span" highlight={highlight} fw={600}>
                {item.question}
              </Highlight>
            </Stack>
          </Accordion.Control>
          <Accordion.Panel>
            <FaqAnswer answer={item.answer} highlight={highlight} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
