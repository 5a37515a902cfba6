import type { ComponentType } from 'react';
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
import classes from './social-links.module.css';

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

type Props = {
  configuration: TCompanyConfiguration;
  /** `dark` on the footer, `light` on a page. */
  tone?: 'dark' | 'light';
};

/**
 * portal.md §2: an icon per network; a network without an address is not a link and says
 * 'Link not available'.
 */
export function SocialLinks({ configuration, tone = 'dark' }: Props) {
  const { t } = useTranslation();
  return (
    <ul className={classes.list}>
      {NETWORKS.map(({ key, Icon }) => {
        const href = toExternalUrl(configuration[key]);
        const name = t(`footer.social.${key}`);
        return (
          <li key={key}>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.social}
                data-tone={tone}
                title={name}
                aria-label={t('footer.socialLinkLabel', { network: name })}
              >
                <Icon size={20} aria-hidden />
              </a>
            ) : (
              <span
                className={classes.unavailable}
                data-tone={tone}
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
    </ul>
  );
}
