import { Suspense, useState, type ComponentType } from 'react';
import { lazyWithPreload } from './lazy-with-preload';

/**
 * True from the first render at which `isOpen` is true, then for good: a lazy dialog is mounted
 * when it first opens and stays mounted, so it can fade out when it closes.
 */
function useHasOpened(isOpen: boolean): boolean {
  const [hasOpened, setHasOpened] = useState(isOpen);
  if (isOpen && !hasOpened) setHasOpened(true);
  return hasOpened || isOpen;
}

/**
 * A dialog whose code loads when `preload` is called (a pointer or the keyboard reaching what
 * opens it) or at the latest when it first opens; until then it renders nothing. `isOpen` reads
 * from its props whether it is open.
 */
export function lazyDialog<TModule, TProps extends object>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType<TProps>,
  isOpen: (props: TProps) => boolean,
) {
  const { Component, preload } = lazyWithPreload(load, pick);
  function LazyDialog(props: TProps) {
    const hasOpened = useHasOpened(isOpen(props));
    if (!hasOpened) return null;
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return { Dialog: LazyDialog, preload };
}
