import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  chooseLanguage,
  getCurrentLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
} from '@/i18n/i18n';

type Props = { variant?: 'subtle' | 'default' };

/** English / 한국어: the choice is remembered and sets `<html lang>`. */
export function LanguageSwitch({ variant = 'subtle' }: Props) {
  const { t, i18n } = useTranslation();
  const current = getCurrentLanguage(i18n.language);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button
          variant={variant}
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
          aria-label={t('language.switchLabel', { language: LANGUAGE_NAMES[current] })}
        >
          <Box component="span" visibleFrom="xs">
            {LANGUAGE_NAMES[current]}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.menuTitle')}</Menu.Label>
        {SUPPORTED_LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => chooseLanguage(language)}
            rightSection={language === current ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={language === current ? 'true' : undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
