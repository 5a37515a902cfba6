import { Link } from 'react-router';
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { IconArrowRight, IconCloudComputing } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';
import { toAssetUrl } from '@/lib/asset-url';
import classes from './home-hero.module.css';

/** The banner: the translated message and, when the company has one, its video. */
export function HomeHero() {
  const { t } = useTranslation();
  const { companyName, companyVideoPath } = useCompanyConfiguration();
  const videoUrl = toAssetUrl(companyVideoPath);
  const prefersReducedMotion = useReducedMotion();

  return (
    <Box component="section" aria-labelledby="home-hero-title" className={classes.hero}>
      <Container size="xl" py={{ base: 48, md: 88 }}>
        <div className={classes.grid}>
          <Stack gap="lg" justify="center">
            <Text className={classes.eyebrow}>{companyName}</Text>
            <Title order={1} id="home-hero-title" className={classes.title}>
              {t('home.heroTitle')}
            </Title>
            <Text className={classes.text}>{t('home.heroText')}</Text>
            <Group gap="sm">
              <Button
                component={Link}
                to="/marketplace"
                size="md"
                variant="white"
                color="dark"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('home.heroPrimaryAction')}
              </Button>
              <Button
                component={Link}
                to="/partnerCloudServices"
                size="md"
                variant="outline"
                color="white"
                className={classes.secondaryAction}
              >
                {t('home.heroSecondaryAction')}
              </Button>
            </Group>
          </Stack>
          <div className={videoUrl ? classes.media : `${classes.media} ${classes.decorative}`}>
            {videoUrl ? (
              <video
                className={classes.video}
                src={videoUrl}
                muted
                loop
                playsInline
                autoPlay={!prefersReducedMotion}
                controls={prefersReducedMotion}
                preload="metadata"
                aria-label={t('home.heroVideoLabel', { companyName })}
              />
            ) : (
              <div className={classes.illustration} aria-hidden>
                <IconCloudComputing size={160} stroke={1} />
              </div>
            )}
          </div>
        </div>
      </Container>
    </Box>
  );
}
