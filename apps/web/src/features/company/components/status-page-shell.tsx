import type { ReactNode } from 'react';
import { Center, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toAssetUrl } from '@/lib/asset-url';
import { LanguageSwitch } from '@/components/language-switch';

type Props = {
  companyName?: string;
  imagePath?: string | null;
  children: ReactNode;
};

/** A page shown without the site's header and footer: the company is unknown or closed. */
export function StatusPageShell({ companyName, imagePath, children }: Props) {
  const { t } = useTranslation();
  const logoUrl = toAssetUrl(imagePath);
  return (
    <Center component="main" id="main-content" mih="100dvh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} w="100%">
        <Stack gap="lg">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              {logoUrl && (
                <Image
                  src={logoUrl}
                  alt={t('header.logoAlt', { companyName: companyName ?? '' })}
                  h={40}
                  w="auto"
                  fit="contain"
                />
              )}
              {companyName && (
                <Text fw={700} truncate>
                  {companyName}
                </Text>
              )}
            </Group>
            <LanguageSwitch />
          </Group>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
