import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { GlobalLoadingOverlay } from '@/components/global-loading-overlay';
import { AssumedViewportContext, PHONE_WIDTH } from '@/lib/assumed-viewport';
import { accessibleColorVariables, createBrandTheme } from '@/lib/brand-theme';
import { companyConfigurationQueryOptions } from '@/features/company/api/get-company-configuration';

const DeferredOverlays = lazy(() =>
  import('./deferred-overlays').then((module) => ({ default: module.DeferredOverlays })),
);

type Props = {
  queryClient: QueryClient;
  i18n: I18n;
  /** The width a server-rendered page was written for (lib/assumed-viewport.ts). */
  assumedViewportWidth?: number;
  children: ReactNode;
};

/** Data, language, theme, the loading overlay, toasts and dialogs for the whole app. */
export function AppProviders({ queryClient, i18n, assumedViewportWidth, children }: Props) {
  return (
    <AssumedViewportContext value={assumedViewportWidth ?? PHONE_WIDTH}>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <BrandedMantineProvider>
            <GlobalLoadingOverlay />
            {children}
            <ToastsWhenNeeded />
          </BrandedMantineProvider>
        </I18nextProvider>
      </QueryClientProvider>
    </AssumedViewportContext>
  );
}

/**
 * The toasts' code arrives with the first toast: a page that shows none (most first visits)
 * never downloads it. A toast shown before it has loaded waits in the store and appears then.
 */
function ToastsWhenNeeded() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <DeferredOverlays />
    </Suspense>
  );
}

/**
 * The company's `primaryColor`, when configured, becomes the theme's primary colour; the theme is
 * made again when the language changes, for the texts it carries (the dialogs' close button).
 */
function BrandedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: primaryColor } = useQuery({
    ...companyConfigurationQueryOptions(),
    select: (configuration) => configuration.primaryColor,
  });
  const closeText = t('common.close');
  const theme = useMemo(
    () => createBrandTheme(primaryColor, { close: closeText }),
    [primaryColor, closeText],
  );
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      cssVariablesResolver={accessibleColorVariables}
    >
      {children}
    </MantineProvider>
  );
}
