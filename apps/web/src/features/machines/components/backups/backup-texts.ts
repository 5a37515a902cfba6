import { useEffect, useState } from 'react';
import i18next from 'i18next';
import { getCurrentLanguage, loadNamespace } from '@/i18n/i18n';
import { useContractMessages } from '@/lib/use-contract-messages';
import { BACKUP_TAB_TEXTS } from './backup-rules';

/** The Backup tab's messages (the server's and the contract's) in the user's language. */
export function useBackupMessages() {
  return useContractMessages('vmOrders', BACKUP_TAB_TEXTS);
}

const isLoaded = () => i18next.hasResourceBundle(getCurrentLanguage(i18next.language), 'vmOrders');

/**
 * The Backup tab's texts live with the clone and snapshot screens' (`vmOrders`), a chunk of their
 * own fetched the first time the tab shows (the profile page's loader knows only `accounts`):
 * true once they are ready.
 */
export function useBackupTextsReady(): boolean {
  const [isReady, setReady] = useState(isLoaded);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    // A failed fetch still lets the tab render (showing keys) rather than wait forever.
    void loadNamespace('vmOrders')
      .catch(() => undefined)
      .then(() => {
        if (isCurrent) setReady(true);
      });
    return () => {
      isCurrent = false;
    };
  }, [isReady]);
  return isReady;
}
