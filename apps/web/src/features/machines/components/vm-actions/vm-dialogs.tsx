import { createContext, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import type { TActiveVm } from '@cloud-portal/contract/vms/active-vms';
import { lazyWithPreload } from '@/lib/lazy-with-preload';

export type VmDialog = 'view' | 'alias' | 'powerOff' | 'update' | 'delete';

type OpenDialog = (vmId: number, dialog: VmDialog) => void;

const VmDialogsContext = createContext<OpenDialog | null>(null);

// The dialogs' code (and their modal, form and clipboard parts) is not in the profile's chunk: it
// loads when a pointer or the keyboard reaches a VM's actions, a moment before one is opened.
const { Component: VmDialogFor, preload: preloadVmDialogs } = lazyWithPreload(
  () => import('./vm-dialog-for'),
  (module) => module.VmDialogFor,
);
export { preloadVmDialogs };

/** Opens one of a VM's dialogs (inside `VmDialogs`). */
export function useOpenVmDialog(): OpenDialog {
  const open = useContext(VmDialogsContext);
  if (!open) throw new Error('useOpenVmDialog needs <VmDialogs>');
  return open;
}

/**
 * The VM actions' dialogs, held above the table or the cards: a dialog stays open (with what was
 * typed into it) when the layout changes between the two, as a phone turned sideways or a resized
 * window makes it do. A dialog closes by itself when its VM leaves the page.
 */
export function VmDialogs({ rows, children }: { rows: readonly TActiveVm[]; children: ReactNode }) {
  const [open, setOpen] = useState<{ vmId: number; dialog: VmDialog } | null>(null);
  const openDialog = useMemo<OpenDialog>(() => (vmId, dialog) => setOpen({ vmId, dialog }), []);
  const vm = open ? rows.find((row) => row.ID === open.vmId) : undefined;
  const close = () => setOpen(null);
  return (
    <VmDialogsContext.Provider value={openDialog}>
      {children}
      {vm && open && (
        <Suspense fallback={null}>
          <VmDialogFor key={vm.ID} vm={vm} dialog={open.dialog} onClose={close} />
        </Suspense>
      )}
    </VmDialogsContext.Provider>
  );
}
