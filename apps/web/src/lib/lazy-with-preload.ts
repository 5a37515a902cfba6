import { lazy, type ComponentType } from 'react';

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
