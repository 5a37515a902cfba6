import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type Props = {
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title, e.g. the company name. */
  eyebrow?: ReactNode;
  /** The spec's back arrow to /home on the information pages. */
  withBackLink?: boolean;
  children?: ReactNode;
};

/** The band at the top of an information page: back to home, the page's h1 and its introduction. */
export function PageHeader({ title, description, eyebrow, withBackLink = true, children }: Props) {
  const { t } = useTranslation();
  return (
    <Box component="header" bg="gray.0" py={{ base: 'lg', md: 40 }} mb={{ base: 'lg', md: 'xl' }}>
      <Container size="xl">
        <Stack gap="sm">
          {withBackLink && (
            <Anchor
              component={Link}
              to="/home"
              size="sm"
              fw={500}
              underline="hover"
              style={{ alignSelf: 'flex-start' }}
              data-testid="back-home"
            >
              <Group gap={6} wrap="nowrap" component="span">
                <IconArrowLeft size={18} aria-hidden />
                {t('common.backHome')}
              </Group>
            </Anchor>
          )}
          {eyebrow && (
            <Text c="brand.7" fw={600} size="sm" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              {eyebrow}
            </Text>
          )}
          <Title order={1} fz={{ base: 28, md: 40 }} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
          {description && (
            <Text c="dimmed" size="lg" maw={760}>
              {description}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
