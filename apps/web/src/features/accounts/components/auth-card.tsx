import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Box, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloud } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toAssetUrl } from '@/lib/asset-url';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import classes from './auth-card.module.css';

type Props = {
  title: ReactNode;
  description?: ReactNode;
  /** 'sm' for one column of fields, 'md' for the sign-up form. */
  size?: 'sm' | 'md';
  children: ReactNode;
  /** Below the card: links such as Register or Back. */
  footer?: ReactNode;
  testId?: string;
};

/**
 * The frame of the login, sign-up, code and password pages: the company's logo leading home
 * (portal.md §2), the page's h1 and its form on a card.
 */
export function AuthCard({ title, description, size = 'sm', children, footer, testId }: Props) {
  const { t } = useTranslation();
  const { companyName, imagePath } = useCompanyConfiguration();
  const logoUrl = toAssetUrl(imagePath);
  return (
    <Box className={classes.page}>
      <Container size={size === 'sm' ? 480 : 760} px={{ base: 'sm', sm: 'md' }}>
        <Card
          withBorder
          radius="lg"
          shadow="sm"
          p={{ base: 'lg', sm: 'xl' }}
          data-testid={testId}
          className={classes.card}
        >
          <Stack gap="lg">
            <Stack gap="sm" align="center" ta="center">
              <Link
                to="/home"
                className={classes.logoLink}
                aria-label={t('header.homeLink', { companyName })}
              >
                {logoUrl ? (
                  <img
                    src={logoUrl}
                    alt={t('header.logoAlt', { companyName })}
                    className={classes.logo}
                  />
                ) : (
                  <ThemeIcon size={48} radius="md" aria-hidden>
                    <IconCloud size={28} />
                  </ThemeIcon>
                )}
              </Link>
              <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm" maw={420}>
                  {description}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Card>
        {footer && (
          <Box mt="md" ta="center">
            {footer}
          </Box>
        )}
      </Container>
    </Box>
  );
}
