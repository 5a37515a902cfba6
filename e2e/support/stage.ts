import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { logIn, registerCustomer, type Customer } from './customer';
import { useLanguage } from './language';
import { startPortal, type Portal } from './portal';
import { buyRunningVm, productIds } from './vm';

/** What a spec file's journeys share: one portal, one Chromium and one registered customer. */
export type Stage = { portal: Portal; browser: Browser; customer: Customer };

/** Starts the portal and the browser side by side and registers the customer (or closes both). */
export async function openStage(): Promise<Stage> {
  const [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  try {
    return { portal, browser, customer: await registerCustomer(portal) };
  } catch (error) {
    await closeStage({ portal, browser });
    throw error;
  }
}

/** A page of its own (viewport, locale), logged in as the stage's customer, then in `language`. */
export async function loggedInPage(
  stage: Stage,
  options: Parameters<typeof newPage>[1] = {},
  language?: 'en' | 'ko',
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(stage.browser, options);
  await logIn(opened.page, stage.portal, stage.customer);
  if (language) await useLanguage(opened.page, language);
  return opened;
}

/** Closes the pages' contexts, then the browser, then the portal (whatever was opened). */
export async function closeStage(
  stage: Partial<Pick<Stage, 'portal' | 'browser'>>,
  ...contexts: (BrowserContext | undefined)[]
): Promise<void> {
  for (const context of contexts) await context?.close();
  await stage.browser?.close();
  await stage.portal?.close();
}

export type StageWithVm = Stage & {
  context: BrowserContext;
  page: Page;
  starterId: number;
  vmId: number;
};

/**
 * A stage whose customer, logged in on `page`, has bought an Ubuntu Starter configured by
 * `query` (e.g. `period=30`) through the sandbox, and whose machine now runs.
 */
export async function openStageWithRunningVm(
  query: string,
  options: Parameters<typeof newPage>[1] = {},
): Promise<StageWithVm> {
  const stage = await openStage();
  let context: BrowserContext | undefined;
  try {
    const opened = await loggedInPage(stage, options);
    context = opened.context;
    const starterId = (await productIds(stage.portal))['Ubuntu Starter']!;
    const vmId = await buyRunningVm(
      opened.page,
      `${stage.portal.url}/productdetails/${starterId}?${query}`,
    );
    return { ...stage, ...opened, starterId, vmId };
  } catch (error) {
    // The spec's afterAll never sees this stage: it is closed here.
    await closeStage(stage, context);
    throw error;
  }
}
