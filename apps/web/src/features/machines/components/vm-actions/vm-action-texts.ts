import { useEffect, useState } from 'react';
import i18next from 'i18next';
import { vmActionMessages } from '@cloud-portal/contract/vms/vm-action-rules';
import { messages } from '@cloud-portal/contract/validation/messages';
import { getCurrentLanguage, loadNamespace } from '@/i18n/i18n';
import { useContractMessages } from '@/lib/use-contract-messages';

/** The server's and the contract's VM-action texts by name (translated under vmActions:messages). */
const VM_ACTION_TEXTS = {
  ...vmActionMessages,
  blockedUse: 'This VM is blocked by admin, so you are not able to use the VM.',
  textControlCharacters: messages.textControlCharacters,
} as const;

/** The VM actions' messages in the user's language. */
export function useVmActionMessages() {
  return useContractMessages('vmActions', VM_ACTION_TEXTS);
}

const isLoaded = () => i18next.hasResourceBundle(getCurrentLanguage(i18next.language), 'vmActions');

/**
 * The `vmActions` texts are a chunk of their own, fetched the first time the Products tab shows
 * (the profile page's loader knows only `accounts`): true once they are ready.
 */
export function useVmActionTextsReady(): boolean {
  const [isReady, setReady] = useState(isLoaded);
  useEffect(() => {
    if (isReady) return;
    let isCurrent = true;
    // A failed fetch still lets the tab render (showing keys) rather than wait forever.
    void loadNamespace('vmActions')
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
