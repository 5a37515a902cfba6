import { NavLink as RouterNavLink } from 'react-router';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DisclosureMenu, disclosureMenuClassNames } from '@/components/disclosure-menu';
import { ExternalLinkHint } from '@/components/external-link-hint';
import type { NavigationItem } from './navigation-items';
import classes from './site-header.module.css';

type Props = { items: NavigationItem[] };

/** The header menus from 900px up: links, and disclosure menus usable by keyboard. */
export function DesktopNavigation({ items }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.mainNavigation')} className={classes.desktopNav}>
      <ul className={classes.navList}>
        {items.map((item) => (
          <li key={item.id}>
            {item.kind === 'link' ? (
              <RouterNavLink to={item.to} className={classes.navLink}>
                {item.label}
              </RouterNavLink>
            ) : item.kind === 'external' ? (
              <a
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.navLink}
              >
                {item.label}
                <IconExternalLink size={14} aria-hidden />
                <ExternalLinkHint />
              </a>
            ) : (
              <DisclosureMenu label={item.label} buttonClassName={classes.navLink}>
                {(close) => (
                  <ul className={disclosureMenuClassNames.list}>
                    {item.items.map((child) => (
                      <li key={child.id}>
                        {child.kind === 'link' ? (
                          <RouterNavLink
                            to={child.to}
                            className={disclosureMenuClassNames.item}
                            onClick={close}
                          >
                            {child.label}
                          </RouterNavLink>
                        ) : (
                          <a
                            href={child.href}
                            target="_blank"
                            rel="noopener noreferrer"
                            className={disclosureMenuClassNames.item}
                            onClick={close}
                          >
                            <span>
                              {child.label}
                              <ExternalLinkHint />
                            </span>
                            <IconExternalLink size={14} aria-hidden />
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </DisclosureMenu>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
