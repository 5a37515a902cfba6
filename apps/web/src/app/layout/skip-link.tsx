import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The first stop for keyboard users: straight past the menus to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className={classes.skipLink}>
      {t('common.skipToContent')}
    </a>
  );
}
