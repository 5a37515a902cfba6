import { Box } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  chooseLanguage,
  getCurrentLanguage,
  LANGUAGE_NAMES,
  SUPPORTED_LANGUAGES,
} from '@/i18n/i18n';
import { showErrorToast } from '@/lib/notify';
import { DisclosureMenu, disclosureMenuClassNames } from './disclosure-menu';

/** English / 한국어: the choice is remembered and sets `<html lang>`. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = getCurrentLanguage(i18n.language);
  return (
    <DisclosureMenu
      align="end"
      ariaLabel={t('language.switchLabel', { language: LANGUAGE_NAMES[current] })}
      leftSection={<IconLanguage size={18} aria-hidden />}
      label={
        <Box component="span" visibleFrom="xs">
          {LANGUAGE_NAMES[current]}
        </Box>
      }
    >
      {(close) => (
        <ul className={disclosureMenuClassNames.list} aria-label={t('language.menuTitle')}>
          {SUPPORTED_LANGUAGES.map((language) => (
            <li key={language}>
              <button
                type="button"
                lang={language}
                className={disclosureMenuClassNames.item}
                aria-pressed={language === current}
                onClick={() => {
                  close();
                  chooseLanguage(language).catch(() =>
                    showErrorToast({ message: t('errors.network') }),
                  );
                }}
              >
                {LANGUAGE_NAMES[language]}
                {language === current && <IconCheck size={16} aria-hidden />}
              </button>
            </li>
          ))}
        </ul>
      )}
    </DisclosureMenu>
  );
}
