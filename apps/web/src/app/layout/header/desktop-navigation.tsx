import { NavLink as RouterNavLink } from 'react-router';
import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExternalLinkHint } from '@/components/external-link-hint';
import type { NavigationItem } from './navigation-items';
import classes from './site-header.module.css';

type Props = { items: NavigationItem[] };

/** The header menus from 900px up: links and keyboard-usable dropdowns. */
export function DesktopNavigation({ items }: Props) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.mainNavigation')} className={classes.desktopNav}>
      <Group gap={2} wrap="nowrap">
        {items.map((item) => {
          if (item.kind === 'link') {
            return (
              <Button
                key={item.id}
                component={RouterNavLink}
                to={item.to}
                variant="subtle"
                color="gray"
                className={classes.navButton}
              >
                {item.label}
              </Button>
            );
          }
          if (item.kind === 'external') {
            return (
              <Button
                key={item.id}
                component="a"
                href={item.href}
                target="_blank"
                rel="noopener noreferrer"
                variant="subtle"
                color="gray"
                className={classes.navButton}
                rightSection={<IconExternalLink size={14} aria-hidden />}
              >
                {item.label}
                <ExternalLinkHint />
              </Button>
            );
          }
          return (
            <Menu key={item.id} trigger="click-hover" openDelay={60} closeDelay={180} shadow="md">
              <Menu.Target>
                <Button
                  variant="subtle"
                  color="gray"
                  className={classes.navButton}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {item.label}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {item.items.map((child) =>
                  child.kind === 'link' ? (
                    <Menu.Item key={child.id} component={RouterNavLink} to={child.to}>
                      {child.label}
                    </Menu.Item>
                  ) : (
                    <Menu.Item
                      key={child.id}
                      component="a"
                      href={child.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      rightSection={<IconExternalLink size={14} aria-hidden />}
                    >
                      {child.label}
                      <ExternalLinkHint />
                    </Menu.Item>
                  ),
                )}
              </Menu.Dropdown>
            </Menu>
          );
        })}
      </Group>
    </nav>
  );
}
