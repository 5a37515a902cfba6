import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLanguage, loadNamespace } from '@/i18n/i18n';
import { useContractMessages } from '@/lib/use-contract-messages';
import { PUBLIC_IP_PATTERNS, PUBLIC_IP_TEXTS } from './public-ip-texts';

/**
 * Whether the public IP texts are ready: the profile page's route loads only `accounts`, so the
 * first cell asks for these (a small chunk), and a language switch then brings them along like
 * any page's.
 */
export function usePublicIpTextsReady(): boolean {
  const { i18n } = useTranslation();
  const isLoaded = i18n.hasResourceBundle(getCurrentLanguage(i18n.language), 'publicIp');
  const [, setLoaded] = useState(isLoaded);
  useEffect(() => {
    let isLive = true;
    loadNamespace('publicIp').then(
      () => isLive && setLoaded(true),
      () => undefined,
    );
    return () => {
      isLive = false;
    };
  }, []);
  return isLoaded;
}

/** The server's and the contract's messages in the user's language. */
export function usePublicIpMessages() {
  return useContractMessages('publicIp', PUBLIC_IP_TEXTS, PUBLIC_IP_PATTERNS);
}
