import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import {
  IconBrandFacebook,
  IconBrandLinkedin,
  IconBrandWhatsapp,
  IconBrandX,
  IconCheck,
  IconCopy,
  IconMail,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { shareLinks, type ShareNetwork } from '@/lib/share-links';

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The address shared: this product's page. */
  url: string;
  productName: string;
};

const ICONS: Record<ShareNetwork, (props: IconProps) => React.ReactNode> = {
  facebook: IconBrandFacebook,
  twitter: IconBrandX,
  linkedIn: IconBrandLinkedin,
  whatsApp: IconBrandWhatsapp,
  email: IconMail,
};

/** Share (vm-lifecycle.md §2.1): five networks, each a real share link, and Copy link. */
export function ShareModal({ opened, onClose, url, productName }: Props) {
  const { t } = useTranslation('products');
  const clipboard = useClipboard({ timeout: 2500 });
  const links = shareLinks(
    url,
    t('share.text', { name: productName }),
    t('share.subject', { name: productName }),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('share.title')}
      attributes={{ content: { 'data-testid': 'share-modal' } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('share.intro', { name: productName })}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {links.map(({ network, href, opensNewTab }) => {
            const Icon = ICONS[network];
            const name = t(`share.networks.${network}`);
            return (
              <Button
                key={network}
                component="a"
                href={href}
                variant="default"
                justify="flex-start"
                leftSection={<Icon size={18} aria-hidden />}
                aria-label={
                  opensNewTab ? t('share.onNetworkNewTab', { network: name }) : t('share.byEmail')
                }
                data-network={network}
                {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                {name}
              </Button>
            );
          })}
        </SimpleGrid>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('share.linkLabel')}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button
            onClick={() => clipboard.copy(url)}
            color={clipboard.copied ? 'teal' : undefined}
            leftSection={
              clipboard.copied ? (
                <IconCheck size={16} aria-hidden />
              ) : (
                <IconCopy size={16} aria-hidden />
              )
            }
          >
            {t('share.copy')}
          </Button>
        </Group>
        <Text
          size="xs"
          c={clipboard.error ? 'red.8' : 'teal.8'}
          role="status"
          aria-live="polite"
          data-testid="copy-status"
        >
          {clipboard.error ? t('share.copyFailed') : clipboard.copied ? t('share.copied') : ''}
        </Text>
      </Stack>
    </Modal>
  );
}
