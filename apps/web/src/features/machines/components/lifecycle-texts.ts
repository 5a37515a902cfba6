import { useEffect, useState } from 'react';
import i18next from 'i18next';
import {
  RESTORE_ARCHIVE_FAILED,
  RESTORE_ARCHIVE_IN_PROGRESS,
  RESTORE_ARCHIVE_NOT_RENEWED,
  RESTORE_ARCHIVE_SUCCESS,
} from '@cloud-portal/contract/vms/archive-messages';
import { getCurrentLanguage, loadNamespace } from '@/i18n/i18n';
import { useContractMessages } from '@/lib/use-contract-messages';

/** The server's texts of the Renewals and Archived tabs by name (lifecycle:messages.*). */
const LIFECYCLE_TEXTS = {
  restored: RESTORE_ARCHIVE_SUCCESS,
  restoreFailed: RESTORE_ARCHIVE_FAILED,
  notRenewed: RESTORE_ARCHIVE_NOT_RENEWED,
  inProgress: RESTORE_ARCHIVE_IN_PROGRESS,
  blockedRenew: 'This VM is blocked by admin, so you are not able to renew the VM.',
  blockedUse: 'This VM is blocked by admin, so you are not able to use the VM.',
  notFound: 'Virtual machine not found.',
  deleted: 'Virtual machine deleted successfully.',
  mustBeShutOff: 'Virtual machine must be shut off to perform this operation.',
} as const;

export function useLifecycleMessages() {
  return useContractMessages('lifecycle', LIFECYCLE_TEXTS);
}

const isLoaded = () => i18next.hasResourceBundle(getCurrentLanguage(i18next.language), 'lifecycle');

/**
 * The `lifecycle` texts are a chunk of their own, fetched the first time the Renewals or
 * Archived tab shows: true once they are ready (or their fetch failed, so the tab still renders).
 */
export function useLifecycleTextsReady(): boolean {
  const [isReady, setReady] = useState(isLoaded);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    void loadNamespace('lifecycle')
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
