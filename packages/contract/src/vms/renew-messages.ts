/** What the renewal calls answer when a renewal cannot be taken (renew-vm.ts), word for word. */
export const renewMessages = {
  renewalInProgress: 'This VM already has a renewal in progress.',
  notRenewable: 'This VM cannot be renewed in its current state.',
  productUnavailable: "This VM's product is no longer offered, so it cannot be renewed.",
  mixedCurrencies: 'The selected VMs are priced in different currencies. Renew them separately.',
  noPeriod: "This VM's period cannot be renewed. Please contact support.",
} as const;

/**
 * What renewSelectedVM answers to a client posting the spec's multi-renew order (MultiRenewData);
 * the portal's own screens send ids (renewVMData) and never meet these.
 */
export const multiRenewDataMessages = {
  selectionRequired: 'Select at least one VM',
  totalRequired: 'Enter a valid amount',
  entryUnnamed: 'Each VM to renew needs its ID or vmName',
  duplicate: 'Each VM can be selected once',
  ambiguousName: (name: string) =>
    `Several of your VMs are named ${name}. Send each VM's ID to renew it.`,
} as const;
