import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconBrain,
  IconBrandPhp,
  IconBrandPython,
  IconBrandWindows,
  IconBrandUbuntu,
  IconCube,
  IconDeviceLaptop,
  IconEye,
  IconLockSquareRounded,
  IconNetwork,
  IconRocket,
  IconServer2,
  IconSettingsAutomation,
  IconStack2,
  IconTargetArrow,
  IconTrendingUp,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListGrid } from '@/components/list-grid';
import { PageHeader } from '@/components/page-header';
import { SectionHeading } from '@/components/section-heading';
import { useCompanyConfiguration } from '@/lib/company-configuration-context';

type StackKey = 'php' | 'ansible' | 'python' | 'nginx' | 'kvm' | 'ai';
const STACK: { key: StackKey; Icon: ComponentType<IconProps> }[] = [
  { key: 'php', Icon: IconBrandPhp },
  { key: 'ansible', Icon: IconSettingsAutomation },
  { key: 'python', Icon: IconBrandPython },
  { key: 'nginx', Icon: IconNetwork },
  { key: 'kvm', Icon: IconServer2 },
  { key: 'ai', Icon: IconBrain },
];

type BlockchainKey = 'nodes' | 'security' | 'scale';
const BLOCKCHAIN: { key: BlockchainKey; Icon: ComponentType<IconProps> }[] = [
  { key: 'nodes', Icon: IconCube },
  { key: 'security', Icon: IconLockSquareRounded },
  { key: 'scale', Icon: IconTrendingUp },
];

type BlogKey = 'windowsServer' | 'windowsLaptop' | 'linuxLaptop';
const BLOGS: { key: BlogKey; Icon: ComponentType<IconProps> }[] = [
  { key: 'windowsServer', Icon: IconBrandWindows },
  { key: 'windowsLaptop', Icon: IconDeviceLaptop },
  { key: 'linuxLaptop', Icon: IconBrandUbuntu },
];

/**
 * /about (portal.md §1, §2): vision, mission, technology stack, the blockchain section and the
 * blogs. The blog articles are not written yet, so their cards say "Coming soon" instead of
 * offering a Read more that leads nowhere.
 */
export function AboutPage() {
  const { t } = useTranslation('content');
  const { companyName } = useCompanyConfiguration();

  return (
    <>
      <PageHeader
        eyebrow={t('about.eyebrow')}
        title={t('about.title', { companyName })}
        description={t('about.intro', { companyName })}
      />

      <Container size="xl" pb={{ base: 48, md: 72 }}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <StatementCard
            id="about-vision"
            Icon={IconEye}
            title={t('about.visionTitle')}
            text={t('about.vision')}
          />
          <StatementCard
            id="about-mission"
            Icon={IconTargetArrow}
            title={t('about.missionTitle')}
            text={t('about.mission')}
          />
        </SimpleGrid>
      </Container>

      <Box component="section" aria-labelledby="about-stack" bg="gray.0" py={{ base: 48, md: 72 }}>
        <Container size="xl">
          <SectionHeading
            id="about-stack"
            title={t('about.stackTitle')}
            description={t('about.stackIntro')}
          />
          <ListGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {STACK.map(({ key, Icon }) => (
              <Card key={key} component="li" withBorder radius="lg" padding="lg">
                <Group wrap="nowrap" align="flex-start" gap="md">
                  <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                    <Icon size={24} />
                  </ThemeIcon>
                  <Stack gap={4} miw={0}>
                    <Title order={3} size="h4">
                      {t(`about.stack.${key}.name`)}
                    </Title>
                    <Text c="dimmed" size="sm">
                      {t(`about.stack.${key}.text`)}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            ))}
          </ListGrid>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="about-blockchain" py={{ base: 48, md: 72 }}>
        <Container size="xl">
          <SectionHeading
            id="about-blockchain"
            title={t('about.blockchainTitle')}
            description={t('about.blockchainIntro')}
          />
          <ListGrid cols={{ base: 1, sm: 3 }}>
            {BLOCKCHAIN.map(({ key, Icon }) => (
              <Stack key={key} component="li" gap="sm" align="center" ta="center">
                <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
                  <Icon size={30} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(`about.blockchainPoints.${key}.title`)}
                </Title>
                <Text c="dimmed" maw={340}>
                  {t(`about.blockchainPoints.${key}.text`)}
                </Text>
              </Stack>
            ))}
          </ListGrid>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="about-blogs" bg="gray.0" py={{ base: 48, md: 72 }}>
        <Container size="xl">
          <SectionHeading
            id="about-blogs"
            title={t('about.blogsTitle')}
            description={t('about.blogsIntro')}
          />
          <ListGrid>
            {BLOGS.map(({ key, Icon }) => (
              <Card
                key={key}
                component="li"
                withBorder
                radius="lg"
                padding="lg"
                data-testid={`blog-card-${key}`}
              >
                <Stack gap="sm" h="100%">
                  <ThemeIcon size={48} radius="md" variant="light" aria-hidden>
                    <Icon size={26} />
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {t(`about.blogs.${key}.title`)}
                  </Title>
                  <Text c="dimmed" size="sm" style={{ flex: 1 }}>
                    {t(`about.blogs.${key}.text`)}
                  </Text>
                  <Badge variant="light" color="gray" style={{ alignSelf: 'flex-start' }}>
                    {t('about.comingSoon')}
                  </Badge>
                </Stack>
              </Card>
            ))}
          </ListGrid>
        </Container>
      </Box>

      <Box component="section" aria-labelledby="about-cta" py={{ base: 48, md: 72 }}>
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={56} radius="xl" aria-hidden>
              <IconRocket size={30} />
            </ThemeIcon>
            <Title order={2} id="about-cta">
              {t('about.ctaTitle')}
            </Title>
            <Text c="dimmed" maw={560}>
              {t('about.ctaText')}
            </Text>
            <Group justify="center" gap="sm">
              <Button
                component={Link}
                to="/help"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                {t('about.ctaContact')}
              </Button>
              <Button
                component={Link}
                to="/marketplace"
                variant="default"
                leftSection={<IconStack2 size={18} aria-hidden />}
              >
                {t('about.ctaMarketplace')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
    </>
  );
}

type StatementProps = { id: string; Icon: ComponentType<IconProps>; title: string; text: string };

function StatementCard({ id, Icon, title, text }: StatementProps) {
  return (
    <Card component="section" aria-labelledby={id} withBorder radius="lg" padding="xl" shadow="xs">
      <Stack gap="sm">
        <ThemeIcon size={52} radius="md" aria-hidden>
          <Icon size={28} />
        </ThemeIcon>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        <Text size="lg">{text}</Text>
      </Stack>
    </Card>
  );
}
