import type { ComponentType } from 'react';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import {
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCompanyConfiguration } from '@cloud-portal/contract/company/get-company-configuration';
import { toExternalUrl } from '@/lib/external-url';
import classes from './site-footer.module.css';

type Network = {
  key: 'facebook' | 'instagram' | 'twitter' | 'youtube' | 'linkedIn';
  Icon: ComponentType<IconProps>;
};

const NETWORKS: Network[] = [
  { key: 'facebook', Icon: IconBrandFacebook },
  { key: 'instagram', Icon: IconBrandInstagram },
  { key: 'twitter', Icon: IconBrandX },
  { key: 'youtube', Icon: IconBrandYoutube },
  { key: 'linkedIn', Icon: IconBrandLinkedin },
];

type Props = { configuration: TCompanyConfiguration };

/**
 * portal.md §2: an icon per network; a network without an address is not a link and says
 * 'Link not available'.
 */
export function SocialLinks({ configuration }: Props) {
  const { t } = useTranslation();
  return (
    <Group gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {NETWORKS.map(({ key, Icon }) => {
        const href = toExternalUrl(configuration[key]);
        const name = t(`footer.social.${key}`);
        return (
          <li key={key}>
            {href ? (
              <Tooltip label={name} withArrow>
                <ActionIcon
                  component="a"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="subtle"
                  color="gray"
                  size="lg"
                  className={classes.social}
                  aria-label={t('footer.socialLinkLabel', { network: name })}
                >
                  <Icon size={20} aria-hidden />
                </ActionIcon>
              </Tooltip>
            ) : (
              <span
                className={classes.socialUnavailable}
                title={t('footer.linkNotAvailable')}
                role="img"
                aria-label={t('footer.socialUnavailableLabel', { network: name })}
              >
                <Icon size={20} aria-hidden />
              </span>
            )}
          </li>
        );
      })}
    </Group>
  );
}
