import { Anchor, Box, Card, Grid, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatDate } from '@/lib/format-date';
import type { TLegalDocument } from '../texts/legal-document';

type Props = { document: TLegalDocument };

/** A built-in legal text: date, introduction, a table of contents and numbered sections. */
export function LegalDocumentView({ document }: Props) {
  const { t } = useTranslation('content');
  const formatDate = useFormatDate();
  return (
    <Grid gap={{ base: 'lg', md: 48 }}>
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
        <Card
          component="nav"
          aria-labelledby="legal-contents"
          withBorder
          radius="lg"
          padding="lg"
          style={{ position: 'sticky', top: 88 }}
        >
          <Title order={2} size="h5" id="legal-contents" mb="sm">
            {t('legal.contents')}
          </Title>
          <List
            spacing={6}
            size="sm"
            listStyleType="none"
            styles={{ itemWrapper: { display: 'block' } }}
          >
            {document.sections.map((section) => (
              <List.Item key={section.id}>
                <Anchor href={`#${section.id}`} size="sm" c="gray.8">
                  {section.heading}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
        <Stack gap="xl" component="article" data-testid="legal-document">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('legal.lastUpdated', { date: formatDate(document.updatedOn) })}
            </Text>
            {document.intro.map((paragraph, index) => (
              <Text key={index} size="md" lh={1.7}>
                {paragraph}
              </Text>
            ))}
          </Stack>
          {document.sections.map((section) => (
            <Box
              key={section.id}
              component="section"
              aria-labelledby={section.id}
              style={{ scrollMarginTop: 88 }}
            >
              <Title order={2} size="h3" id={section.id} mb="sm" style={{ scrollMarginTop: 88 }}>
                {section.heading}
              </Title>
              <Stack gap="sm">
                {section.paragraphs.map((paragraph, index) => (
                  <Text key={index} lh={1.7}>
                    {paragraph}
                  </Text>
                ))}
                {section.items && section.items.length > 0 && (
                  <List spacing="xs" withPadding styles={{ itemLabel: { lineHeight: 1.7 } }}>
                    {section.items.map((item, index) => (
                      <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                        {item}
                      </List.Item>
                    ))}
                  </List>
                )}
                {section.closing?.map((paragraph, index) => (
                  <Text key={index} lh={1.7}>
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
