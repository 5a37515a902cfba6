import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code loads when it first renders, or earlier when `preload` is called (a
 * pointer or the keyboard reaching what opens it). The module is fetched once, however often
 * either happens.
 */
export function lazyWithPreload<TModule, TProps extends object>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType<TProps>,
) {
  return {
    Component: lazy(() => load().then((module) => ({ default: pick(module) }))),
    preload: (): void => void load().catch(() => undefined),
  };
}

/**
 * True from the first render at which `isOpen` is true, then for good: a lazy dialog is mounted
 * when it first opens and stays mounted, so it can fade out when it closes.
 */
export function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}
